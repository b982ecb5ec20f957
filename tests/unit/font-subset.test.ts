import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SOURCE, subset, TARGET } from "@/scripts/gen-font";

describe("the interface font", () => {
  it("app/fonts/geist-sans-latin.woff2 is the installed Geist cut to the kept ranges (npm run gen:font), about half its size", async () => {
    const committed = readFileSync(TARGET);
    expect(committed.equals(await subset())).toBe(true);
    expect(committed.length).toBeLessThan(readFileSync(SOURCE).length * 0.6);
  });

  it("the root layout loads the cut font, not the package's whole one", () => {
    const layout = readFileSync("app/layout.tsx", "utf8");
    expect(layout).toContain('src: "./fonts/geist-sans-latin.woff2"');
    expect(layout).not.toContain("geist/font/sans");
  });
});
