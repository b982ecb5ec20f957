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

/** Backslash-escaped punctuation is held as a private-use character while the markup is taken out. */
const HELD = 0xe000;
const hold = (c: string) => String.fromCharCode(HELD + c.charCodeAt(0));
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };
/** A table's delimiter row: `| --- | :---: |` (pipes optional at the ends). */
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$|^\s*\|\s*:?-+:?\s*\|\s*$/;

/** A line of a table: it starts or ends with a pipe, or has two of them. */
const isTableRow = (line: string) => /^\s*\|/.test(line) || /\|\s*$/.test(line) || (line.match(/\|/g)?.length ?? 0) >= 2;

/**
 * Markdown as the plain text a search snippet shows: the words only. Links and images by their text,
 * no emphasis or code markers, no heading, quote or list markers, table cells without pipes or
 * delimiter rows, HTML tags out, a few entities decoded. It also takes fragments (ts_headline's, cut
 * anywhere, with its \u0002/\u0003 match markers, which it keeps) and half links at their edges.
 * Line by line and linear: it runs on every result of a search.
 */
export function plainText(md: string): string {
  const lines = md
    .replace(/\r\n?/g, "\n")
    .replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => hold(c))
    .split("\n");
  const out: string[] = [];
  let fenced = false;
  for (const raw of lines) {
    let line = raw;
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) {
      // The fence line goes; the code inside stays (a search may have matched it).
      fenced = !fenced;
      continue;
    }
    if (!fenced) {
      if (TABLE_DELIMITER.test(line) || /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s{0,3}=+\s*$/.test(line)) continue;
      if (/^\s{0,3}\[[^\]\n]+\]:\s*\S/.test(line)) continue; // a reference link's definition
      line = line.replace(/^\s{0,3}(?:>\s?)+/, "").replace(/^\s{0,3}#{1,6}\s+/, "");
      line = line.replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, "");
      if (isTableRow(line))
        line = line
          .replace(/^\s*\|/, "")
          .replace(/\|\s*$/, "")
          .replace(/\s*\|\s*/g, "  ");
      // A cell border a fragment left on its own ("zephyr | crisp"); "a|b" without spaces is kept.
      else line = line.replace(/(^|\s)\|(?=\s|$)/g, " ");
    }
    out.push(line);
  }
  return (
    out
      .join("\n")
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
      .replace(/<\/?[A-Za-z][^<>\n]{0,300}>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/!\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g, "$1")
      .replace(/\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g, "$1")
      .replace(/\[\^[^\]\n]+\]/g, "")
      .replace(/\[([^\]\n]+)\]\[[^\]\n]*\]/g, "$1")
      .replace(/@\[([^\]\n]+)\]/g, "@$1")
      // The halves of a link a fragment cut: "text](https://…)" at its start, "[text](https://…" at its end.
      .replace(/\]\((?:[^()\s]|\([^()\s]*\))*\)/g, "")
      .replace(/!?\[([^\]\n]*)\]\([^)\s]*$/g, "$1")
      .replace(/(\*\*|__|~~|`+)/g, "")
      .replace(/(^|[\s(\u0002"'])[*_](?=[^\s*_])([^*_\n]*?[^\s*_])[*_](?=$|[\s).,!?:;'"\u0003])/gm, "$1$2")
      // Markers left alone by a fragment's edge ("… | _crisp" without its closing "_"): at a word's start or end only.
      .replace(/(^|[\s(\u0002])[*_]+(?=[^\s*_])/gm, "$1")
      .replace(/([^\s*_])[*_]+(?=$|[\s).,!?:;\u0003])/gm, "$1")
      .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]!)
      .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - HELD))
      .replace(/\s+/g, " ")
      .trim()
  );
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
