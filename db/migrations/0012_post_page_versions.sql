-- Issue 15, finer page-cache invalidation: a cached post page is checked against the version of its
-- own post and the version of "everything" (row 0: names, avatars, medals, categories, tags, settings),
-- not against the content version every write bumps. The app stamps a row with nextval('page_version')
-- after a committed write that changed what that post's page shows, so a comment on one post leaves
-- every other post's cached page in place.
CREATE SEQUENCE IF NOT EXISTS "page_version";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "post_page_versions" ("post_id" integer PRIMARY KEY, "version" bigint NOT NULL);
