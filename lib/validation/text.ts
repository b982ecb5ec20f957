/**
 * Text the database can hold: Postgres refuses NUL in `text` and `jsonb` (22021 "invalid byte
 * sequence for encoding UTF8: 0x00", 22P05), and a UTF-16 surrogate without its pair has no UTF-8 form (the
 * drivers write U+FFFD in its place, so the stored text is silently not what was sent). The edge refuses
 * both in API input (lib/api/body.ts: a 400 naming the field), writes them as U+FFFD in what pages read from
 * their URL (lib/api/page.ts: such a value finds nothing, like any unknown word), and strips NUL from the
 * headers it stores (the user agent of a session or token).
 */

const INVALID = "\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const INVALID_ONE = new RegExp(INVALID);
const INVALID_ALL = new RegExp(INVALID, "g");

/** False when `s` holds a NUL or an unpaired surrogate. */
export const isStorableText = (s: string): boolean => !INVALID_ONE.test(s);

/** `s` with every NUL and unpaired surrogate written as U+FFFD (the replacement character). */
export const storableText = (s: string): string => (isStorableText(s) ? s : s.replace(INVALID_ALL, "\uFFFD"));

/** A header value to store: NUL removed, an unpaired surrogate as U+FFFD. */
export const storableHeader = (s: string): string => storableText(s.replaceAll("\u0000", ""));

/**
 * The path of the first string (or object key) in a parsed JSON value that is not storable text, in
 * document order; null when every string is. Walks with its own stack and parent links (no path copies),
 * so a deeply nested body can neither overflow the call stack nor take quadratic time.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | null {
  type Node = { v: unknown; parent: Node | null; seg?: string | number };
  const pathOf = (n: Node) => {
    const out: (string | number)[] = [];
    for (let at: Node | null = n; at && at.seg !== undefined; at = at.parent) out.push(at.seg);
    return out.reverse();
  };
  const stack: Node[] = [{ v: value, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { v } = node;
    if (typeof node.seg === "string" && !isStorableText(node.seg)) return pathOf(node);
    if (typeof v === "string") {
      if (!isStorableText(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], parent: node, seg: i });
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: (v as Record<string, unknown>)[keys[i]!], parent: node, seg: keys[i]! });
    }
  }
  return null;
}
