-- Issue 49: Chinese, Japanese and Korean words of one and two characters become indexed words, and the
-- forum's vocabulary (search_words) is kept from the tsvector lexemes for spelling suggestions.

-- The overlapping two-character runs of every CJK run of `t`, and each run's last character alone, as
-- space-separated words: '分布式数据库' → '分布 布式 式数 数据 据库 库'. In search_tsv they follow
-- the text, one position apart within a run, so a longer word is the phrase of its bigrams
-- ('数据' <-> '据库') and a one-character word is the prefix '数':*.
CREATE OR REPLACE FUNCTION cjk_grams(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(substr(r[1], i, 2), ' '), '')
  FROM regexp_matches(t, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+', 'g') AS r,
       generate_series(1, char_length(r[1])) AS i
$$;
--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_tsv";
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title" || ' ' || cjk_grams("title")), 'A')
  || setweight(to_tsvector('simple', "content" || ' ' || cjk_grams("content")), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_tsv");
--> statement-breakpoint
ALTER TABLE "comments" DROP COLUMN "search_tsv";
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', "content" || ' ' || cjk_grams("content"))) STORED;
--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_tsv");
--> statement-breakpoint
-- New words of a post or comment join the vocabulary: lower-case Latin, Greek or Cyrillic letters only
-- (no numbers, ids, hashes, addresses or paths), 3 to 32 characters; CJK words are indexed as grams and
-- need no spelling help. Sorted, so two writers
-- adding the same new words take them in the same order.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(NEW.search_tsv)) AS w
  WHERE char_length(w) BETWEEN 3 AND 32
    AND w ~ '^[a-z\u00df-\u024f\u03ac-\u03ff\u0430-\u045f]+$'
    AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w)
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_search_words AFTER INSERT OR UPDATE OF title, content ON posts
  FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
CREATE TRIGGER comments_search_words AFTER INSERT OR UPDATE OF content ON comments
  FOR EACH ROW EXECUTE FUNCTION search_words_add();
--> statement-breakpoint
-- The words already written.
INSERT INTO search_words (word)
SELECT word FROM ts_stat('SELECT search_tsv FROM posts UNION ALL SELECT search_tsv FROM comments')
WHERE char_length(word) BETWEEN 3 AND 32
  AND word ~ '^[a-z\u00df-\u024f\u03ac-\u03ff\u0430-\u045f]+$'
ON CONFLICT DO NOTHING;
