import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

export const categories = pgTable(
  "categories",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
    icon: text().notNull().default(""),
    smallIcon: text().notNull().default(""),
    /** The admins' order (1, 2, …); 0 = not placed: after the placed ones, by post count. */
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** /c/{slug} as well as /c/{id} (migration 0054): lowercase ascii letters, digits and dashes, not digits alone; null: none. */
    slug: text(),
    /** #rrggbb, AA contrast in both themes (lib/site-accent.ts); null: none. */
    color: text(),
    /** One level of sub-categories: a category with a parent has no children (checked when set). */
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`),
    uniqueIndex("categories_slug_idx").on(t.slug),
    index("categories_parent_idx").on(t.parentId),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and ${t.slug} !~ '^[0-9]+$'`),
    check("categories_color_format", sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
    check("categories_not_own_parent", sql`${t.parentId} <> ${t.id}`),
    // Substring and typo search (pg_trgm, created by migration 0005); likewise on tags.
    index("categories_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
    icon: text().notNull().default(""),
    smallIcon: text().notNull().default(""),
    creatorId: integer().references(() => users.id, { onDelete: "set null" }),
    approved: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tags_name_lower_idx").on(sql`lower(${t.name})`),
    index("tags_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    // A member's tags, newest first (OpenIsle's profile lists: /api/users/{id}/tags and /hot-tags).
    index("tags_creator_idx").on(t.creatorId, t.createdAt),
  ],
);

/**
 * Post counts of categories and tags (published posts visible to all), as +1/-1 delta rows that a
 * reader sums and folds (lib/services/posts/loader.ts), so lists never count the posts table and
 * concurrent writers never lock a shared row. No foreign keys: the rows are only numbers to add up.
 * Written only by triggers (SQL only, migration 0002): `posts_counts` and `posts_counts_delete` on posts,
 * `post_tags_counts` on post_tags (functions forum_posts_counts, forum_posts_counts_delete,
 * forum_post_tags_counts; forum_refresh_taxonomy_counts() rebuilds both tables).
 */
export const categoryPostCounts = pgTable(
  "category_post_counts",
  {
    categoryId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [index("category_post_counts_idx").on(t.categoryId)],
);

export const tagPostCounts = pgTable(
  "tag_post_counts",
  {
    tagId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [index("tag_post_counts_idx").on(t.tagId)],
);
