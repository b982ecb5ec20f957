/**
 * Text helpers of search, shared by the server (snippets of results) and the client (suggestions):
 * the keyword's terms, markdown reduced to plain text, and HTML-escaped text with the matches in <mark>.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Letters and digits runs, lowercased: the words of a keyword (punctuation separates them). */
export function keywordTokens(keyword: string): string[] {
  return [...new Set((keyword.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(Boolean))];
}

/** Markdown as the plain text a snippet shows (links and images by their text, no markup characters). */
export function plainText(md: string): string {
  return md
    .replace(/```[^\n]*\n?/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/@\[([^\]]+)\]/g, "@$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/(\*\*|__|~~|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Scripts written with spaces between words: a matched word prefix is marked to the end of its word. */
export const SPACED_WORD = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]+$/u;
const WORD_REST = "[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}\\p{N}_]*";

function matcher(keyword: string): RegExp | null {
  const terms = keywordTokens(keyword).sort((a, b) => b.length - a.length);
  if (!terms.length) return null;
  return new RegExp(terms.map((t) => escapeRegExp(t) + (SPACED_WORD.test(t) ? WORD_REST : "")).join("|"), "giu");
}

/**
 * `text` HTML-escaped with every occurrence of one of the keyword's words inside <mark> (a Latin, Greek or
 * Cyrillic word from the matched prefix to its end). With
 * `snippet`, only about that many characters around the first match (the start when none matches).
 */
export function highlight(text: string, keyword: string, opts: { snippet?: number } = {}): string {
  const re = matcher(keyword);
  let body = text;
  let prefix = "";
  let suffix = "";
  if (opts.snippet && text.length > opts.snippet) {
    const first = re ? text.search(re) : -1;
    const lead = Math.floor(opts.snippet / 3);
    let start = first > lead ? first - lead : 0;
    // Start at a word boundary when one is near.
    if (start > 0) {
      const space = text.indexOf(" ", start);
      if (space !== -1 && space < start + 15 && space < first) start = space + 1;
    }
    const end = Math.min(text.length, start + opts.snippet);
    body = text.slice(start, end);
    if (start > 0) prefix = "…";
    if (end < text.length) suffix = "…";
  }
  if (!re) return prefix + escapeHtml(body) + suffix;
  let out = "";
  let last = 0;
  for (const m of body.matchAll(re)) {
    out += escapeHtml(body.slice(last, m.index)) + "<mark>" + escapeHtml(m[0]) + "</mark>";
    last = m.index + m[0].length;
  }
  return prefix + out + escapeHtml(body.slice(last)) + suffix;
}
