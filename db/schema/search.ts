import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The forum's vocabulary for spelling suggestions (Postgres's documented approach: a words
 * table from the tsvector lexemes with a trigram index). One row per word of a spaced script (letters
 * only, 3–32 characters) that any post or comment has ever held. A query word that matches nothing is
 * replaced by its most similar word here (lib/services/search/correct.ts), and the correction is shown
 * only when it finds something the caller may read, so a word of a post they cannot see never leaks.
 *
 * SQL only (migration 0032, "search_cjk_words"):
 * - `cjk_grams(text)`: the overlapping two-character runs of Chinese, Japanese and Korean text (and the
 *   last character of each run alone), appended to `posts.search_tsv` and `comments.search_tsv` so two-
 *   and one-character words are indexed words;
 * - `search_words_add()` with the triggers `posts_search_words` and `comments_search_words`: each new or
 *   edited post or comment adds its new words here, in sorted order (two writers never wait on each
 *   other in crossing order).
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
  },
  (t) => [
    index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
    // `word like 'ligh%'`: is the last, still-typed word the start of a known word?
    index("search_words_prefix_idx").on(sql`${t.word} text_pattern_ops`),
  ],
);
