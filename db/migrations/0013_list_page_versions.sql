-- Issue 15, finer page-cache invalidation for lists and profiles: a cached home, category, tag or
-- profile page is checked against the version of its own scope ('home', 'c<id>', 't<id>', 'u<id>') and
-- of every list ('all'), stamped from the same page_version sequence as post pages. A comment on a post
-- stamps the home, its category's and tags' lists and the profiles of its author and the commenter;
-- every other category, tag and profile page stays cached.
CREATE TABLE IF NOT EXISTS "list_page_versions" ("scope" text PRIMARY KEY, "version" bigint NOT NULL);
