-- GET /api/users/suggest (issue 21): prefix matches on the lower-cased name. The existing unique index on
-- lower(username) uses the database collation, which cannot serve LIKE 'al%'; text_pattern_ops can.
CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);
