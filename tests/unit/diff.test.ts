import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { diffText, diffWords, foldContext, unifiedText, type Segment } from "@/lib/diff";

const join = (segs: Segment[], skip: Segment["kind"]) =>
  segs
    .filter((s) => s.kind !== skip)
    .map((s) => s.text)
    .join("");

describe("diffText", () => {
  it("reports no change for equal texts, ignoring a missing final newline and CRLF", () => {
    const d = diffText("a\r\nb", "a\nb\n");
    expect(d.unchanged).toBe(true);
    expect(d.lines.map((l) => l.kind)).toEqual(["same", "same"]);
    expect(d.lines.map((l) => [l.oldNo, l.newNo])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it("pairs a changed line and marks only the changed words", () => {
    const d = diffText("intro\nthe quick brown fox\noutro", "intro\nthe slow brown fox\noutro");
    expect(d.added).toBe(1);
    expect(d.removed).toBe(1);
    const removed = d.lines.find((l) => l.kind === "removed")!;
    const added = d.lines.find((l) => l.kind === "added")!;
    expect(removed.segments).toEqual([
      { text: "the ", kind: "same" },
      { text: "quick", kind: "removed" },
      { text: " brown fox", kind: "same" },
    ]);
    expect(added.segments).toEqual([
      { text: "the ", kind: "same" },
      { text: "slow", kind: "added" },
      { text: " brown fox", kind: "same" },
    ]);
    // Side by side: one row holds both versions of the changed line, with their own numbers.
    expect(d.rows).toHaveLength(3);
    expect(d.rows[1]!.left).toMatchObject({ no: 2, kind: "removed" });
    expect(d.rows[1]!.right).toMatchObject({ no: 2, kind: "added" });
  });

  it("keeps unpaired added and removed lines whole", () => {
    const d = diffText("one\ntwo\n", "one\ntwo\nthree\nfour\n");
    expect(d.added).toBe(2);
    expect(d.removed).toBe(0);
    expect(d.lines.slice(2)).toEqual([
      { kind: "added", oldNo: null, newNo: 3, segments: [{ text: "three", kind: "added" }] },
      { kind: "added", oldNo: null, newNo: 4, segments: [{ text: "four", kind: "added" }] },
    ]);
    expect(d.rows[2]).toEqual({ left: null, right: { no: 3, kind: "added", segments: [{ text: "three", kind: "added" }] } });
    const r = diffText("a\nb\nc\n", "a\n");
    expect(r.rows.slice(1).map((row) => [row.left?.no, row.right])).toEqual([
      [2, null],
      [3, null],
    ]);
  });

  it("keeps markup as plain text (escaping is the view's job: React text)", () => {
    const d = diffText("<b>hi</b>", "<script>alert(1)</script>");
    expect(unifiedText(d)).toBe("- <b>hi</b>\n+ <script>alert(1)</script>");
  });

  it("always rebuilds both texts from the segments (property)", () => {
    const line = fc.array(fc.constantFrom("a", "b", "c", " ", "  ", "foo", "bar", "\t"), { maxLength: 6 }).map((xs) => xs.join(""));
    const text = fc.array(line, { maxLength: 8 }).map((ls) => ls.join("\n"));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = diffText(a, b);
        const oldLines = d.lines.filter((l) => l.kind !== "added").map((l) => join(l.segments, "added"));
        const newLines = d.lines.filter((l) => l.kind !== "removed").map((l) => join(l.segments, "removed"));
        const lines = (t: string) => (t === "" ? [] : t.replace(/\n$/, "").split("\n"));
        expect(oldLines).toEqual(lines(a));
        expect(newLines).toEqual(lines(b));
        // Compare line lists, not joined strings: "" has no line, "\n" has one empty line.
        expect(d.unchanged).toBe(JSON.stringify(lines(a)) === JSON.stringify(lines(b)));
        const left = d.rows.filter((r) => r.left).map((r) => r.left!.no);
        expect(left).toEqual(left.map((_, i) => i + 1));
      }),
      { numRuns: 200 },
    );
  });
});

describe("diffWords", () => {
  it("treats whitespace as tokens", () => {
    const w = diffWords("a b", "a  b");
    expect(join(w.old, "added")).toBe("a b");
    expect(join(w.new, "removed")).toBe("a  b");
    expect(w.new.some((s) => s.kind === "added")).toBe(true);
  });
});

describe("foldContext", () => {
  it("folds long unchanged runs and keeps context around changes", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const folded = foldContext(items, (i) => i === 10, 2);
    expect(folded).toEqual([{ gap: 8, from: 0 }, { item: 8 }, { item: 9 }, { item: 10 }, { item: 11 }, { item: 12 }, { gap: 7, from: 13 }]);
  });

  it("does not fold a single line", () => {
    const folded = foldContext([0, 1, 2, 3, 4], (i) => i === 0 || i === 4, 1);
    expect(folded).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }, { item: 4 }]);
  });
});
