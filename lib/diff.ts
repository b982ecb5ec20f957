import { diffLines, diffWordsWithSpace } from "diff";

/**
 * A line diff with word-level changes inside changed lines, as plain data for the history page's
 * three views (inline, side by side, raw). Texts stay text: views render segments as React text,
 * so nothing a user wrote is ever interpreted as HTML.
 *
 * Built on jsdiff: `diffLines` first, then `diffWordsWithSpace` between the paired lines of a removed
 * block followed by an added block (the i-th removed line with the i-th added line). jsdiff reads
 * Date.now(), so call this from client components or plain functions, not while prerendering.
 *
 * Bounded by construction (two different 100 KB versions took 2–3 s on the server's one
 * thread): Myers' algorithm costs about (edits)² steps, so both levels stop at an edit budget
 * (DIFF_LIMITS). A line diff over its budget shows the unchanged lines at the start and the end and
 * the middle as one removed and one added block; a word diff over its budget, or beyond the
 * document's word-diff budget, shows the pair of lines as wholly removed and added. Ordinary edits
 * are far below these budgets and keep the word-level view.
 */

/** The budgets of diffText (see the module comment). */
export const DIFF_LIMITS = {
  /** Added plus removed lines the line diff may find before falling back to one replaced block. */
  maxLineEdits: 500,
  /** Added plus removed words (and spaces) the word diff of one pair of lines may find. */
  maxWordEdits: 200,
  /** Longest line (characters, either side) that is word-diffed. */
  maxWordDiffLine: 20_000,
  /** Characters of paired lines word-diffed per document; later pairs are shown whole. */
  wordDiffChars: 200_000,
  /** Backstop for both levels (ms): jsdiff gives up after this long, and the fallback is used. */
  timeoutMs: 100,
} as const;

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
  /**
   * False when the texts were too different for the line diff's budget: the changed middle is then
   * one removed and one added block (still a correct diff, just not the smallest).
   */
  exact: boolean;
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

const whole = (text: string, kind: SegmentKind): Segment[] => (text ? [{ text, kind }] : []);

/**
 * Word-level segments of an old line and a new line (whitespace runs are tokens too); a pair too long
 * or too different for the word budget (DIFF_LIMITS) is one removed and one added segment.
 */
export function diffWords(oldLine: string, newLine: string): { old: Segment[]; new: Segment[] } {
  const fallback = { old: whole(oldLine, "removed"), new: whole(newLine, "added") };
  if (oldLine.length > DIFF_LIMITS.maxWordDiffLine || newLine.length > DIFF_LIMITS.maxWordDiffLine) return fallback;
  const parts = diffWordsWithSpace(oldLine, newLine, { maxEditLength: DIFF_LIMITS.maxWordEdits, timeout: DIFF_LIMITS.timeoutMs });
  if (!parts) return fallback;
  const old: Segment[] = [];
  const neu: Segment[] = [];
  for (const part of parts) {
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

type LineChange = { value: string; added?: boolean; removed?: boolean };

/**
 * The line changes of two normalised texts; over the edit budget, the common first and last lines
 * and one removed and one added block between them.
 */
function lineChanges(a: string, b: string): { changes: LineChange[]; exact: boolean } {
  const changes = diffLines(a, b, { maxEditLength: DIFF_LIMITS.maxLineEdits, timeout: DIFF_LIMITS.timeoutMs });
  if (changes) return { changes, exact: true };
  const x = a.split("\n");
  const y = b.split("\n");
  // Both end with "" (normalised texts end with a newline): the lines are x[0 .. length-2].
  const xn = x.length - 1;
  const yn = y.length - 1;
  let head = 0;
  while (head < xn && head < yn && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < xn - head && tail < yn - head && x[xn - 1 - tail] === y[yn - 1 - tail]) tail++;
  const block = (lines: string[], from: number, to: number) => (to > from ? lines.slice(from, to).join("\n") + "\n" : "");
  const out: LineChange[] = [];
  if (head) out.push({ value: block(x, 0, head) });
  if (xn - tail > head) out.push({ value: block(x, head, xn - tail), removed: true });
  if (yn - tail > head) out.push({ value: block(y, head, yn - tail), added: true });
  if (tail) out.push({ value: block(x, xn - tail, xn) });
  return { changes: out, exact: false };
}

/**
 * The last few diffs: the history page diffs the same pair twice (the comparison at the top and the
 * newest entry), and every view of it again.
 */
const recent: { a: string; b: string; d: TextDiff }[] = [];

/** The diff of two texts (see the module comment). */
export function diffText(oldText: string, newText: string): TextDiff {
  const hit = recent.find((r) => r.a === oldText && r.b === newText);
  if (hit) return hit.d;
  const d = computeDiff(oldText, newText);
  recent.unshift({ a: oldText, b: newText, d });
  if (recent.length > 8) recent.pop();
  return d;
}

function computeDiff(oldText: string, newText: string): TextDiff {
  const { changes, exact } = lineChanges(normalise(oldText), normalise(newText));
  let wordBudget: number = exact ? DIFF_LIMITS.wordDiffChars : 0;
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
      if (k < paired && wordBudget >= o!.length + n!.length) {
        wordBudget -= o!.length + n!.length;
        const w = diffWords(o!, n!);
        oldCells.push({ no: ++oldNo, kind: "removed", segments: w.old });
        newCells.push({ no: ++newNo, kind: "added", segments: w.new });
      } else {
        if (o !== undefined) oldCells.push({ no: ++oldNo, kind: "removed", segments: whole(o, "removed") });
        if (n !== undefined) newCells.push({ no: ++newNo, kind: "added", segments: whole(n, "added") });
      }
    }
    for (const cell of oldCells) lines.push({ kind: "removed", oldNo: cell.no, newNo: null, segments: cell.segments });
    for (const cell of newCells) lines.push({ kind: "added", oldNo: null, newNo: cell.no, segments: cell.segments });
    for (let k = 0; k < Math.max(oldCells.length, newCells.length); k++) {
      rows.push({ left: oldCells[k] ?? null, right: newCells[k] ?? null });
    }
  }
  return { lines, rows, added, removed, unchanged: added === 0 && removed === 0, exact };
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
