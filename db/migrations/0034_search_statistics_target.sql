-- A rare word is a prefix query ('fe7ecc4de28b':*) whose match count the planner guesses from the
-- tsvector's most common elements; with the default statistics target (100) the list is short and the
-- guess for any absent prefix was 2 % of the posts (20,000 of 1M), enough for the planner to walk the
-- newest posts one by one instead of asking the GIN index: 8.4 s for one match. With 1000 the guess is
-- 62 rows and a common word still reads as common (measured on the 1M bench; ANALYZE took 3 s).
ALTER TABLE "posts" ALTER COLUMN "search_tsv" SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "search_tsv" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "posts" ("search_tsv");
--> statement-breakpoint
ANALYZE "comments" ("search_tsv");
