// The composer's wrapping tools (components/composer/tokens.ts): Ctrl+B on nothing, typing, Ctrl+B again
// gives `**text**` with the caret after it; a wrapped selection unwraps.
import { describe, expect, it } from "vitest";
import { wrapEdit } from "@/components/composer/tokens";

describe("wrapEdit", () => {
  it("wraps a placeholder, then steps over the closing marker after typing", () => {
    expect(wrapEdit("", 0, 0, "**", "**", "bold text")).toEqual({ start: 0, end: 0, text: "**bold text**", select: [2, 11] });
    // "bold" typed over the selected placeholder, caret before the closing marker:
    expect(wrapEdit("**bold**", 6, 6, "**", "**", "bold text")).toEqual({ caret: 8 });
  });

  it("takes the shortcut back when the placeholder is still selected, and unwraps a wrapped selection", () => {
    expect(wrapEdit("**bold text**", 2, 11, "**", "**", "bold text")).toEqual({ start: 0, end: 13, text: "", select: [0, 0] });
    expect(wrapEdit("a **b** c", 2, 7, "**", "**", "bold text")).toEqual({ start: 2, end: 7, text: "b", select: [0, 1] });
  });
});
