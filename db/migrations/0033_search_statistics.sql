-- Migration 0032 rebuilt posts.search_tsv and comments.search_tsv: until they have statistics, the
-- planner guesses how many posts a word matches (0.5 % of them) and, for a rare word, walks the newest
-- posts one by one instead of asking the full-text index (8.4 s instead of 11 ms at 1M posts, measured
-- before autovacuum had analyzed them). ANALYZE samples a fixed number of rows, whatever the table's size.
ANALYZE "posts";
--> statement-breakpoint
ANALYZE "comments";
--> statement-breakpoint
ANALYZE "search_words";
