// the history page's diff of two very different large versions is bounded (DIFF_LIMITS):
// over the line edit budget the changed middle is one replaced block; long or very different lines
// are not word-diffed. Ordinary edits keep the exact, word-level diff.
import { describe, expect, it } from "vitest";
import { DIFF_LIMITS, diffText, diffWords, type TextDiff } from "@/lib/diff";

/** A deterministic text of `bytes` characters: pseudo-random words, `lineLen` characters a line (0: one line). */
function words(seed: number, bytes: number, lineLen = 80): string {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) & 0x7fffffff);
  let out = "";
  let line = 0;
  while (out.length < bytes) {
    const w = (next() % 1e6).toString(36);
    out += w;
    line += w.length + 1;
    if (lineLen && line >= lineLen) {
      out += "\n";
      line = 0;
    } else out += " ";
  }
  return out.slice(0, bytes);
}

/** Both texts rebuilt from the diff (what every view shows), normalised as diffText does. */
function rebuilt(d: TextDiff) {
  const side = (kind: "removed" | "added") =>
    d.lines
      .filter((l) => l.kind !== kind)
      .map((l) =>
        l.segments
          .filter((s) => s.kind !== kind)
          .map((s) => s.text)
          .join(""),
      )
      .join("\n");
  return { old: side("added"), new: side("removed") };
}
const norm = (t: string) => t.replace(/\r\n?/g, "\n").replace(/\n$/, "");

function timed<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
}

describe("diffText on hostile edits", () => {
  it("two different 100 KB versions: falls back to one replaced block, quickly, and still rebuilds both texts", () => {
    const a = `same start\n${words(1, 100_000)}\nsame end\n`;
    const b = `same start\n${words(2, 100_000)}\nsame end\n`;
    const [d, ms] = timed(() => diffText(a, b));
    expect(d.exact).toBe(false);
    // Before the fix: ~2 s on this machine (and minutes for one long line, below). Generous bound.
    expect(ms).toBeLessThan(1_500);
    expect(d.lines[0]).toMatchObject({ kind: "same", segments: [{ text: "same start", kind: "same" }] });
    expect(d.lines.at(-1)).toMatchObject({ kind: "same", segments: [{ text: "same end", kind: "same" }] });
    expect(rebuilt(d)).toEqual({ old: norm(a), new: norm(b) });
  });

  it("one 100 KB line against another: the pair is not word-diffed past its budget", () => {
    const a = words(3, 100_000, 0);
    const b = words(4, 100_000, 0);
    const [d, ms] = timed(() => diffText(a, b));
    expect(ms).toBeLessThan(1_500);
    expect(d.lines.map((l) => l.kind)).toEqual(["removed", "added"]);
    expect(d.lines[0]!.segments).toEqual([{ text: a, kind: "removed" }]);
    expect(rebuilt(d)).toEqual({ old: a, new: b });
  });

  it("a word diff over its edit budget shows the pair whole", () => {
    const a = words(5, 5_000, 0);
    const b = words(6, 5_000, 0);
    expect(diffWords(a, b)).toEqual({ old: [{ text: a, kind: "removed" }], new: [{ text: b, kind: "added" }] });
    const long = "x ".repeat(DIFF_LIMITS.maxWordDiffLine);
    expect(diffWords(long, `${long}y`).new).toEqual([{ text: `${long}y`, kind: "added" }]);
  });
});

describe("diffText on ordinary edits in a large text", () => {
  const base = words(7, 100_000);

  it("one changed word in 100 KB: exact, word-level", () => {
    const changed = base.replace(/\n(\S+)/, "\nCHANGED");
    const d = diffText(base, changed);
    expect(d.exact).toBe(true);
    expect(d.added).toBe(1);
    expect(d.removed).toBe(1);
    const add = d.lines.find((l) => l.kind === "added")!;
    expect(add.segments.find((s) => s.kind === "added")!.text).toBe("CHANGED");
    expect(rebuilt(d)).toEqual({ old: norm(base), new: norm(changed) });
  });

  it("a paragraph inserted and one removed: exact", () => {
    const lines = base.split("\n");
    const changed = [...lines.slice(0, 100), "a new line", "and another", ...lines.slice(100, 600), ...lines.slice(610)].join("\n");
    const d = diffText(base, changed);
    expect(d.exact).toBe(true);
    expect(d.added).toBe(2);
    expect(d.removed).toBe(10);
  });
});
