import { bigint, integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";

/**
 * What the page caches check (lib/cache/): sequences take no row locks, so every committed write can
 * bump one. Read and written with raw SQL (nextval, last_value), never through these objects.
 */

/** The version of everything a public list shows (lib/cache/content-version.ts). */
export const contentVersion = pgSequence("content_version");

/** Stamps for post_page_versions and list_page_versions (lib/cache/page-versions.ts). */
export const pageVersion = pgSequence("page_version");

/** Per post (row 0: everything every post page shows), the page_version of its last change. */
export const postPageVersions = pgTable("post_page_versions", {
  postId: integer().primaryKey(),
  version: bigint({ mode: "number" }).notNull(),
});

/** Per list or profile scope ('home', 'c<id>', 't<id>', 'u<id>', 'all'), its last stamp and the one before. */
export const listPageVersions = pgTable("list_page_versions", {
  scope: text().primaryKey(),
  version: bigint({ mode: "number" }).notNull(),
  previous: bigint({ mode: "number" }),
});
