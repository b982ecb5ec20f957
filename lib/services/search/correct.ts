import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { keywordTokens } from "@/lib/search-text";
import { parseTerms } from "@/lib/services/search/terms";

/**
 * Spelling suggestions from the forum's own vocabulary: `search_words` holds every word any
 * post or comment has held (db/schema/search.ts). A query word that is not one of them (for the last,
 * still-typed word: not the start of one) is replaced by its most similar word by trigram similarity,
 * through the table's trigram index. Postgres's documented approach (pg_trgm, "text search" chapter).
 *
 * The caller shows the correction only when the corrected keyword finds something the caller may read:
 * the vocabulary also holds words of posts they cannot see, and an unused suggestion must not tell them so.
 */

/** Words the vocabulary holds: lower-case Latin, Greek or Cyrillic letters, 3 to 32 (as the trigger keeps them). */
const CORRECTABLE = /^[a-z\u00df-\u024f\u03ac-\u03ff\u0430-\u045f]{3,32}$/u;
/** pg_trgm similarity a suggestion needs (`wintr` → `winter` is 0.44, `plents` → `plants` 0.4). */
const THRESHOLD = 0.3;
/** At most this many words are looked up (a keyword is at most 100 characters). */
const MAX_WORDS = 8;

/** What the vocabulary says of a keyword's words: whether all are known, and the keyword with the unknown ones corrected. */
export type WordCheck = { allKnown: boolean; corrected: string | null };

/** The keyword with each unknown word replaced by its nearest known word, or null when nothing changes. */
export async function correctKeyword(keyword: string): Promise<string | null> {
  return (await checkWords(keyword))?.corrected ?? null;
}

/**
 * For a keyword that can match only through its full-text words (two or more words: no substring
 * matching, terms.ts), the vocabulary check before searching: when one of its words is in no post or
 * comment, the full-text AND cannot match, and the search is skipped. That spares the GIN index's reading
 * of a prefix's whole posting list: `lorme ipsum` is `'lorme' & 'ipsum':*`, and at 1M posts reading
 * every `ipsum…` entry cost 50 ms to find nothing. null when the keyword can match otherwise (a
 * substring, or no word the vocabulary keeps).
 */
export async function fullTextWordCheck(keyword: string): Promise<WordCheck | null> {
  const t = parseTerms(keyword);
  if (t.like || !t.tsquery) return null;
  return checkWords(keyword);
}

async function checkWords(keyword: string): Promise<WordCheck | null> {
  const tokens = keywordTokens(keyword);
  const asked = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => CORRECTABLE.test(t))
    .slice(0, MAX_WORDS);
  if (!asked.length) return null;
  const last = tokens.length - 1;
  const values = sql.join(
    asked.map(({ t, i }) => sql`(${i}::int, ${t}::text, ${i === last}::boolean)`),
    sql`, `,
  );
  // One statement for all words: for each, whether it is known (or, last, the start of a known word:
  // a range of the text_pattern_ops index, whose byte order is the code point order), and else its
  // nearest word. Inside a transaction so that `set local` holds for it alone.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${THRESHOLD}`));
    return rawRows<{ i: number; known: boolean; fix: string | null }>(
      tx,
      sql`
      select q.i, k.known,
        case when k.known then null else
          (select w.word from search_words w where w.word % q.tok
            order by similarity(w.word, q.tok) desc, abs(char_length(w.word) - char_length(q.tok)), w.word limit 1)
        end as fix
      from (values ${values}) as q(i, tok, last)
      cross join lateral (
        select exists (select 1 from search_words w where w.word = q.tok)
          or (q.last and exists (select 1 from search_words w where w.word ~>=~ q.tok and w.word ~<~ (q.tok || chr(1114111)))) as known
      ) k`,
    );
  });
  const fixed = [...tokens];
  let changed = false;
  for (const r of rows) {
    if (r.known || !r.fix) continue;
    fixed[r.i] = r.fix;
    changed = true;
  }
  return { allKnown: rows.every((r) => r.known), corrected: changed ? fixed.join(" ") : null };
}
