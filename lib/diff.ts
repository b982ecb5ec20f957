import { diffLines, diffWordsWithSpace } from "diff";

/**
 * A line diff with word-level changes inside changed lines, as plain data for the history page's
 * three views (inline, side by side, raw). Texts stay text: views render segments as React text,
 * so nothing a user wrote is ever interpreted as HTML.
 *
 * Built on jsdiff: `diffLines` first, then `diffWordsWithSpace` between the paired lines of a removed
 * block followed by an added block (the i-th removed line with the i-th added line). jsdiff reads
 * Date.now(), so call this from client components or plain functions, not while prerendering.
 */

export type SegmentKind = "same" | "added" | "removed";
export type Segment = { text: string; kind: SegmentKind };
export type LineKind = "same" | "added" | "removed";

/** One line of the inline view: `oldNo` / `newNo` are 1-based line numbers (null on the side it lacks). */
export type DiffLine = { kind: LineKind; oldNo: number | null; newNo: number | null; segments: Segment[] };

export type SplitCell = { no: number; kind: LineKind; segments: Segment[] };
/** One row of the side-by-side view: the old line on the left, the new one on the right (either may be missing). */
export type SplitRow = { left: SplitCell | null; right: SplitCell | null };

export type TextDiff = {
  lines: DiffLine[];
  rows: SplitRow[];
  /** Number of added / removed lines. */
  added: number;
  removed: number;
  unchanged: boolean;
};

/** Normalises line endings and gives both texts a final newline, so a missing one is not reported as a change. */
function normalise(text: string): string {
  const t = text.replace(/\r\n?/g, "\n");
  return t === "" || t.endsWith("\n") ? t : `${t}\n`;
}

function splitChunk(value: string): string[] {
  const parts = value.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Word-level segments of an old line and a new line (whitespace runs are tokens too). */
export function diffWords(oldLine: string, newLine: string): { old: Segment[]; new: Segment[] } {
  const old: Segment[] = [];
  const neu: Segment[] = [];
  for (const part of diffWordsWithSpace(oldLine, newLine)) {
    if (part.added) neu.push({ text: part.value, kind: "added" });
    else if (part.removed) old.push({ text: part.value, kind: "removed" });
    else {
      old.push({ text: part.value, kind: "same" });
      neu.push({ text: part.value, kind: "same" });
    }
  }
  return { old: merge(old), new: merge(neu) };
}

function merge(segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segs) {
    if (!s.text) continue;
    const last = out[out.length - 1];
    if (last && last.kind === s.kind) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

/** The diff of two texts (see the module comment). */
export function diffText(oldText: string, newText: string): TextDiff {
  const changes = diffLines(normalise(oldText), normalise(newText));
  const lines: DiffLine[] = [];
  const rows: SplitRow[] = [];
  let oldNo = 0;
  let newNo = 0;
  let added = 0;
  let removed = 0;

  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    if (!c.added && !c.removed) {
      for (const text of splitChunk(c.value)) {
        oldNo++;
        newNo++;
        const segments: Segment[] = [{ text, kind: "same" }];
        lines.push({ kind: "same", oldNo, newNo, segments });
        rows.push({ left: { no: oldNo, kind: "same", segments }, right: { no: newNo, kind: "same", segments } });
      }
      continue;
    }
    // A removed block, an added block, or a removed block followed by an added one (a change).
    const rem = c.removed ? splitChunk(c.value) : [];
    let add: string[] = [];
    if (c.added) add = splitChunk(c.value);
    else if (changes[i + 1]?.added) add = splitChunk(changes[++i]!.value);
    removed += rem.length;
    added += add.length;

    const oldCells: SplitCell[] = [];
    const newCells: SplitCell[] = [];
    const paired = Math.min(rem.length, add.length);
    for (let k = 0; k < Math.max(rem.length, add.length); k++) {
      const o = rem[k];
      const n = add[k];
      if (k < paired) {
        const w = diffWords(o!, n!);
        oldCells.push({ no: ++oldNo, kind: "removed", segments: w.old });
        newCells.push({ no: ++newNo, kind: "added", segments: w.new });
      } else if (o !== undefined) {
        oldCells.push({ no: ++oldNo, kind: "removed", segments: o ? [{ text: o, kind: "removed" }] : [] });
      } else if (n !== undefined) {
        newCells.push({ no: ++newNo, kind: "added", segments: n ? [{ text: n, kind: "added" }] : [] });
      }
    }
    for (const cell of oldCells) lines.push({ kind: "removed", oldNo: cell.no, newNo: null, segments: cell.segments });
    for (const cell of newCells) lines.push({ kind: "added", oldNo: null, newNo: cell.no, segments: cell.segments });
    for (let k = 0; k < Math.max(oldCells.length, newCells.length); k++) {
      rows.push({ left: oldCells[k] ?? null, right: newCells[k] ?? null });
    }
  }
  return { lines, rows, added, removed, unchanged: added === 0 && removed === 0 };
}

/** The plain-text unified form of a diff ("- ", "+ ", "  " before each line), for the raw view and copying. */
export function unifiedText(d: TextDiff): string {
  const mark = { same: "  ", added: "+ ", removed: "- " } as const;
  return d.lines.map((l) => mark[l.kind] + l.segments.map((s) => s.text).join("")).join("\n");
}

export type Folded<T> = { item: T } | { gap: number; from: number };

/**
 * Keeps `context` unchanged items around each change and folds longer unchanged runs into gaps
 * (`from` is the index of the first hidden item), as code review tools do.
 */
export function foldContext<T>(items: T[], isChange: (t: T) => boolean, context = 3): Folded<T>[] {
  const keep = new Array<boolean>(items.length).fill(false);
  items.forEach((t, i) => {
    if (!isChange(t)) return;
    for (let k = Math.max(0, i - context); k <= Math.min(items.length - 1, i + context); k++) keep[k] = true;
  });
  const out: Folded<T>[] = [];
  let i = 0;
  while (i < items.length) {
    if (keep[i]) {
      out.push({ item: items[i]! });
      i++;
      continue;
    }
    const from = i;
    while (i < items.length && !keep[i]) i++;
    // A gap of one line is not worth a fold.
    if (i - from === 1) out.push({ item: items[from]! });
    else out.push({ gap: i - from, from });
  }
  return out;
}
