// Watched words compiled into one bounded matcher (issue 58): no regular expression ever sees member text.
//
// Every pattern is a plain word or phrase with `*` wildcards (`*` = up to MAX_STAR word characters).
// All patterns' first literal piece go into one Aho-Corasick automaton that reads the text once; a hit
// is then checked against the rest of its pattern inside the same word, at most MAX_STAR characters per
// `*`. So the cost is linear in the text (times a constant bounded by the pattern lengths), whatever
// the member writes and however many words the admin watches.
//
// Matching is case-insensitive (per UTF-16 unit, so positions map back to the original text for
// censoring) and on word boundaries: a pattern's Latin/digit edge must not touch another letter or
// digit. A CJK edge needs no boundary (Chinese has no spaces), so `广告` matches inside `看广告吧`.

import type { WatchedWordAction } from "@/db/schema";

export const MAX_STAR = 32;
export const MAX_PATTERN_LENGTH = 100;

export type WatchedPattern = { id: number; word: string; action: WatchedWordAction };
export type WordHit = { id: number; word: string; action: WatchedWordAction; start: number; end: number };

const CJK =
  /[\u2E80-\u2FFF\u3040-\u30FF\u3100-\u312F\u3130-\u318F\u31A0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7AF\uF900-\uFAFF\uFF66-\uFF9F]/;
const WORD = /[\p{L}\p{N}_]/u;

const isCjk = (c: string | undefined) => !!c && CJK.test(c);
/** A character that continues a word (CJK ones are words on their own: they never need a boundary). */
const isWordChar = (c: string | undefined) => !!c && !isCjk(c) && WORD.test(c);

/** The text as the matcher reads it: lower case and one kind of space, unit for unit. */
function fold(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\t" || c === "\n" || c === "\r" || c === "\u00a0" || c === "\u3000") out += " ";
    else {
      const l = c.toLowerCase();
      out += l.length === 1 ? l : c;
    }
  }
  return out;
}

/** A watched word as the admin may write it: trimmed, spaces collapsed, `**` as `*`; null if unusable. */
export function normalizePattern(word: string): string | null {
  const w = word.trim().replace(/\s+/g, " ").replace(/\*+/g, "*");
  if (!w || w.length > MAX_PATTERN_LENGTH || !w.replace(/\*/g, "").trim()) return null;
  return w;
}

type Compiled = { p: WatchedPattern; pieces: string[]; leadStar: boolean; trailStar: boolean };
type Node = { next: Map<string, number>; fail: number; out: number[]; depth: number };

export class WordMatcher {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, out: [], depth: 0 }];
  private readonly compiled: Compiled[] = [];
  readonly size: number;

  constructor(patterns: WatchedPattern[]) {
    for (const p of patterns) {
      const w = normalizePattern(p.word);
      if (!w) continue;
      const f = fold(w);
      const pieces = f.split("*");
      const leadStar = pieces[0] === "";
      const trailStar = pieces[pieces.length - 1] === "";
      const lits = pieces.filter((x) => x !== "");
      this.compiled.push({ p, pieces: lits, leadStar, trailStar });
      this.add(lits[0]!, this.compiled.length - 1);
    }
    this.size = this.compiled.length;
    this.link();
  }

  private add(piece: string, index: number) {
    let s = 0;
    for (const c of piece) {
      for (let k = 0; k < c.length; k++) {
        const u = c[k]!;
        let n = this.nodes[s]!.next.get(u);
        if (n === undefined) {
          n = this.nodes.length;
          this.nodes.push({ next: new Map(), fail: 0, out: [], depth: this.nodes[s]!.depth + 1 });
          this.nodes[s]!.next.set(u, n);
        }
        s = n;
      }
    }
    this.nodes[s]!.out.push(index);
  }

  private link() {
    const queue: number[] = [];
    for (const n of this.nodes[0]!.next.values()) queue.push(n);
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi]!;
      for (const [u, n] of this.nodes[s]!.next) {
        queue.push(n);
        let f = this.nodes[s]!.fail;
        while (f !== 0 && !this.nodes[f]!.next.has(u)) f = this.nodes[f]!.fail;
        const g = this.nodes[f]!.next.get(u);
        this.nodes[n]!.fail = g !== undefined && g !== n ? g : 0;
        this.nodes[n]!.out.push(...this.nodes[this.nodes[n]!.fail]!.out);
      }
    }
  }

  /** Every watched word in `text` (overlapping hits of different words included), in text order. */
  matchAll(text: string, limit = 1000): WordHit[] {
    if (!this.size || !text) return [];
    const t = fold(text);
    const hits: WordHit[] = [];
    let s = 0;
    for (let i = 0; i < t.length; i++) {
      const u = t[i]!;
      while (s !== 0 && !this.nodes[s]!.next.has(u)) s = this.nodes[s]!.fail;
      s = this.nodes[s]!.next.get(u) ?? 0;
      for (const ci of this.nodes[s]!.out) {
        const c = this.compiled[ci]!;
        const first = c.pieces[0]!;
        const end = this.verify(t, c, i + 1 - first.length, i + 1);
        if (end !== null) {
          let start = i + 1 - first.length;
          if (c.leadStar) while (start > 0 && i + 1 - start < first.length + MAX_STAR && isWordChar(t[start - 1])) start--;
          hits.push({ id: c.p.id, word: c.p.word, action: c.p.action, start, end });
          if (hits.length >= limit) return hits;
        }
      }
    }
    return hits;
  }

  /** The first hit, preferring the strongest action (BLOCK, REQUIRE_APPROVAL, FLAG, CENSOR). */
  strongest(text: string): WordHit | null {
    let best: WordHit | null = null;
    for (const h of this.matchAll(text)) if (!best || RANK[h.action] > RANK[best.action]) best = h;
    return best;
  }

  /** The end of the match whose first piece is at [start, firstEnd), or null. */
  private verify(t: string, c: Compiled, start: number, firstEnd: number): number | null {
    const first = c.pieces[0]!;
    if (!c.leadStar && !isCjk(first[0]) && isWordChar(t[start - 1])) return null;
    let pos = firstEnd;
    for (let k = 1; k < c.pieces.length; k++) {
      const piece = c.pieces[k]!;
      // The piece must follow within MAX_STAR word characters (the `*` before it).
      let found = -1;
      for (let gap = 0; gap <= MAX_STAR; gap++) {
        const at = pos + gap;
        if (t.startsWith(piece, at)) {
          found = at;
          break;
        }
        if (!isWordChar(t[at])) break;
      }
      if (found < 0) return null;
      pos = found + piece.length;
    }
    const last = c.pieces[c.pieces.length - 1]!;
    if (c.trailStar) {
      let n = 0;
      while (n < MAX_STAR && isWordChar(t[pos])) {
        pos++;
        n++;
      }
      return pos;
    }
    if (!isCjk(last[last.length - 1]) && isWordChar(t[pos])) return null;
    return pos;
  }

  /** `text` with every CENSOR word masked (■ per character; the rest unchanged). */
  censor(text: string): string {
    if (!this.hasCensor || !text) return text;
    const hits = this.matchAll(text).filter((h) => h.action === "CENSOR");
    if (!hits.length) return text;
    const mask = new Uint8Array(text.length);
    for (const h of hits) mask.fill(1, h.start, h.end);
    let out = "";
    for (let i = 0; i < text.length; i++) out += mask[i] && text[i] !== " " ? "■" : text[i];
    return out;
  }

  /** Rendered HTML with CENSOR words masked in its text only (never inside a tag or an attribute). */
  censorHtml(html: string): string {
    if (!this.hasCensor || !html) return html;
    return html
      .split(/(<[^>]*>)/)
      .map((part) => (part.startsWith("<") ? part : this.censor(part)))
      .join("");
  }

  get hasCensor(): boolean {
    return this.compiled.some((c) => c.p.action === "CENSOR");
  }
}

const RANK: Record<WatchedWordAction, number> = { CENSOR: 0, FLAG: 1, REQUIRE_APPROVAL: 2, BLOCK: 3 };
