import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { keywordTokens, SPACED_WORD } from "@/lib/search-text";

/**
 * How a keyword becomes a match. Three kinds of words:
 * - words of spaced scripts (`replication`): full-text words of `search_tsv`, the last one a prefix;
 * - Chinese, Japanese and Korean: `search_tsv` also holds every two-character run of their text and each
 *   run's last character (`cjk_grams()`, migration 0032), so `数据` is a word of `数据库的设计`, a longer
 *   word is the phrase of its two-character runs (`数据库` = '数据' <-> '据库'), and a one-character word
 *   is the prefix '数':* (every character of a run starts one gram). All through the GIN index;
 * - other scripts written without spaces (Thai, Khmer …): a substring through the trigram indexes,
 *   from 3 characters on.
 */

/** Substring matching needs a pattern the trigram index can use. */
export const MIN_SUBSTRING = 3;
const CJK = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff";
const CJK_RUN = new RegExp(`[${CJK}]+`, "gu");
const HAS_CJK = new RegExp(`[${CJK}]`, "u");
/** At most this many words of a keyword become query terms (a keyword is at most 100 characters). */
const MAX_TOKENS = 12;

/**
 * `likeOp`: `ilike`, or `like` when the keyword has no letter with a case (CJK, digits), where both
 * match the same rows and `like` skips lower-casing every text it tests. `titleLike`: the keyword as a
 * substring of titles, for the relevance bonus of a title holding the keyword as typed. `cjk`: the
 * keyword has CJK, so its grams find every match through the GIN index at once (never by walking the
 * newest posts), which findPosts ranks differently.
 */
export type Terms = { keyword: string; tsquery: string | null; like: string | null; titleLike: string | null; likeOp: SQL; cjk: boolean };

/**
 * Whether the trigram indexes can serve the keyword as a substring: it needs a run of 3 letters or
 * digits (pg_trgm takes its trigrams from such runs; `!!!` or `a-b` would read every row).
 */
const INDEXABLE_RUN = new RegExp(`[\\p{L}\\p{N}]{${MIN_SUBSTRING}}`, "u");
export const indexableSubstring = (keyword: string) => INDEXABLE_RUN.test(keyword);

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
const quote = (word: string) => `'${word.replace(/'/g, "''")}'`;

/** A CJK run as a tsquery: one character as a prefix, two or more as the phrase of its two-character runs. */
function cjkRunQuery(run: string, weight: string): string {
  const chars = [...run];
  if (chars.length === 1) return `${quote(run)}:*${weight}`;
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(`${quote(chars[i]! + chars[i + 1]!)}${weight ? ":" + weight : ""}`);
  return grams.length === 1 ? grams[0]! : `(${grams.join(" <-> ")})`;
}

/**
 * The parts of a token with CJK: its CJK runs as grams and what lies between them (`v2数据` → 'v2':* and
 * '数据') as word prefixes, all required.
 */
function cjkTokenQuery(token: string, weight: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of token.matchAll(CJK_RUN)) {
    const before = token.slice(last, m.index);
    if (before) parts.push(`${quote(before)}:*${weight}`);
    parts.push(cjkRunQuery(m[0], weight));
    last = m.index + m[0].length;
  }
  if (token.slice(last)) parts.push(`${quote(token.slice(last))}:*${weight}`);
  return parts.join(" & ");
}

/**
 * How a keyword is matched (`weight` limits to title A or content B). Two cases leave out the substring,
 * because it adds no post and costs the most:
 * - several words of spaced scripts (`question fe7ecc4d`): every post holding the words as a phrase also
 *   holds each word, and a phrase's trigrams ("que", "ues", …) are in most bodies (27 ms → 3 ms at 1M);
 * - any CJK: its grams find every occurrence through the full-text index.
 */
export function parseTerms(keyword: string, weight = ""): Terms {
  const tokens = keywordTokens(keyword).slice(0, MAX_TOKENS);
  const cjk = tokens.some((t) => HAS_CJK.test(t));
  const spaced = tokens.filter((t) => SPACED_WORD.test(t)).length;
  const wordsOnly = tokens.length >= 2 && spaced === tokens.length;
  const parts = tokens.flatMap((t, i): string[] => {
    if (HAS_CJK.test(t)) return [cjkTokenQuery(t, weight)];
    if (SPACED_WORD.test(t)) return [`${quote(t)}:${i === tokens.length - 1 ? "*" : ""}${weight}`];
    // Another script without spaces: a whole run is one word of search_tsv, so only the substring finds
    // it inside a run; beside other words it is a prefix.
    return tokens.length > 1 ? [`${quote(t)}:*${weight}`] : [];
  });
  const tsquery = parts.length ? parts.join(" & ") : null;
  const like = !cjk && !wordsOnly && indexableSubstring(keyword) ? likePattern(keyword) : null;
  const titleLike = like ?? (cjk ? likePattern(keyword) : null);
  const likeOp = sql.raw(keyword.toLowerCase() === keyword.toUpperCase() ? "like" : "ilike");
  return { keyword, tsquery, like, titleLike, likeOp, cjk };
}
