// What the markdown box reads from the text around the caret: the `@member` or `:emoji` token being
// typed (it opens suggestions) and whether the caret sits inside an open `**`/`_`/`` ` `` span.

export type Suggest = { kind: "mention" | "emoji"; query: string; start: number };

const MENTION_RE = /(^|[\s([{>])@([A-Za-z0-9_.-]{1,64})$/;
const EMOJI_RE = /(^|[\s([{>]):([a-z0-9_+-]{2,30})$/;

/** Whether `pos` in `v` is inside an open `marker` span of its line (an odd number of markers before it). */
export function insideSpan(v: string, pos: number, marker: string): boolean {
  const line = v.slice(v.lastIndexOf("\n", pos - 1) + 1, pos);
  return line.split(marker).length % 2 === 0;
}

/** The token being typed before the caret, if it asks for suggestions. */
export function tokenAt(text: string, caret: number): Suggest | null {
  const before = text.slice(Math.max(0, caret - 80), caret);
  const m = MENTION_RE.exec(before);
  if (m) return { kind: "mention", query: m[2]!, start: caret - m[2]!.length - 1 };
  const e = EMOJI_RE.exec(before);
  if (e) return { kind: "emoji", query: e[2]!, start: caret - e[2]!.length - 1 };
  return null;
}

/** What Ctrl+B (and the other wrapping tools) does: replace a range (selecting part of the new text), or only move the caret. */
export type WrapEdit = { start: number; end: number; text: string; select: [number, number] } | { caret: number };

/**
 * Wrapping the selection [s, e) of `v` in `before`…`after`: a selection that is already wrapped is
 * unwrapped; with the caret just before the closing marker of a span it steps over it, so Ctrl+B,
 * typing, Ctrl+B gives `**text**` and the caret after it; otherwise it wraps the selection, or a
 * placeholder (selected, so typing replaces it).
 */
export function wrapEdit(v: string, s: number, e: number, before: string, after: string, emptyText: string): WrapEdit {
  const sel = v.slice(s, e);
  if (sel.length >= before.length + after.length && sel.startsWith(before) && sel.endsWith(after)) {
    const inner = sel.slice(before.length, sel.length - after.length);
    return { start: s, end: e, text: inner, select: [0, inner.length] };
  }
  const opensBefore = v.slice(s - before.length, s) === before && !insideSpan(v, s - before.length, before);
  if (opensBefore && v.slice(e, e + after.length) === after) {
    // `**|**` or `**bold text**` with the placeholder still selected: the shortcut is taken back.
    const inner = sel === emptyText ? "" : sel;
    return { start: s - before.length, end: e + after.length, text: inner, select: [0, inner.length] };
  }
  if (!sel && v.slice(s, s + after.length) === after && insideSpan(v, s, before)) return { caret: s + after.length };
  const inner = sel || emptyText;
  return { start: s, end: e, text: `${before}${inner}${after}`, select: [before.length, before.length + inner.length] };
}
