import { describe, expect, it } from "vitest";
import { placeList } from "@/components/composer/caret";

// Where the composer's suggestion list goes beside the caret.

const phone = { top: 0, left: 0, width: 390, height: 844 };
const list = { width: 288, height: 200 };

describe("placeList", () => {
  it("opens below the caret when it fits", () => {
    const p = placeList({ caret: { top: 100, bottom: 120, left: 40 }, list, viewport: phone });
    expect(p).toMatchObject({ side: "below", top: 124, left: 40, width: 288, maxHeight: 256 });
  });

  it("flips above the caret near the bottom of the screen (the list stays inside the viewport)", () => {
    const p = placeList({ caret: { top: 780, bottom: 800, left: 40 }, list, viewport: phone });
    expect(p.side).toBe("above");
    expect(p.top + list.height).toBe(776);
    expect(p.top).toBeGreaterThanOrEqual(8);
  });

  it("is clamped sideways: a caret near the right edge moves the list left, a narrow screen narrows it", () => {
    expect(placeList({ caret: { top: 100, bottom: 120, left: 370 }, list, viewport: phone }).left).toBe(390 - 8 - 288);
    const narrow = placeList({ caret: { top: 100, bottom: 120, left: 100 }, list, viewport: { ...phone, width: 280 } });
    expect(narrow).toMatchObject({ left: 8, width: 264 });
  });

  it("never covers the submit button below the caret: flips above it when there is room", () => {
    const button = { top: 200, bottom: 236, left: 16, right: 120 };
    const p = placeList({ caret: { top: 300, bottom: 320, left: 40 }, list, viewport: phone, avoid: [] });
    expect(p.side).toBe("below");
    const q = placeList({
      caret: { top: 300, bottom: 320, left: 40 },
      list,
      viewport: phone,
      avoid: [{ ...button, top: 360, bottom: 396 }],
    });
    expect(q.side).toBe("above");
    expect(q.top + list.height).toBeLessThanOrEqual(296);
  });

  it("with little room on both sides, takes the roomier one and shortens the list to fit", () => {
    const p = placeList({
      caret: { top: 60, bottom: 80, left: 40 },
      list,
      viewport: phone,
      avoid: [{ top: 150, bottom: 186, left: 16, right: 120 }],
    });
    // Above: 60 - 4 - 8 = 48 px; below, up to the button: 150 - 4 - 84 = 62 px.
    expect(p).toMatchObject({ side: "below", top: 84, maxHeight: 62 });
    expect(p.top + p.maxHeight).toBeLessThanOrEqual(150);
  });

  it("ignores a button beside the list (no sideways overlap), and follows the visual viewport (a phone keyboard)", () => {
    const beside = placeList({
      caret: { top: 300, bottom: 320, left: 20 },
      list: { width: 200, height: 200 },
      viewport: { top: 0, left: 0, width: 1280, height: 800 },
      avoid: [{ top: 330, bottom: 360, left: 900, right: 1000 }],
    });
    expect(beside.side).toBe("below");
    // The keyboard leaves 400 px of a scrolled page visible from y = 300.
    const kb = placeList({ caret: { top: 640, bottom: 660, left: 40 }, list, viewport: { top: 300, left: 0, width: 390, height: 400 } });
    expect(kb.side).toBe("above");
    expect(kb.top).toBeGreaterThanOrEqual(308);
  });
});
