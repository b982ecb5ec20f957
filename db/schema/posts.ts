import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { postStatusEnum, postTypeEnum, reactionTypeEnum, visibleScopeEnum } from "./enums";
import { categories, tags } from "./taxonomy";
import { users } from "./users";

/**
 * SQL only (migrations 0002, 0005, 0032):
 * - `search_tsv`, a generated tsvector (title weight A, content B, 'simple' configuration, each text
 *   followed by its CJK two-character runs, cjk_grams() in db/schema/search.ts) with its GIN
 *   index `posts_search_idx`. Drizzle could declare it (a customType with generatedAlwaysAs), but then
 *   every `select()` and `returning()` of whole posts would fetch it too (often larger than the content itself).
 * - Triggers: `posts_counts` and `posts_counts_delete` keep category_post_counts and tag_post_counts;
 *   `posts_events` writes live events (forum_events_posts()); `posts_search_words` keeps the vocabulary
 *   (search_words_add(), db/schema/search.ts).
 * - `content_html` (migration 0053), the sanitized HTML of the content, stored when it is written
 *   (lib/services/content/stored-html.ts), left out for the same reason; the trigger
 *   `posts_clear_stale_html` (forum_clear_stale_html()) clears it when the content changes without it.
 * - Migration 0057's triggers `posts_review_events_ins`, `posts_review_events_upd` and `posts_review_events_del`
 *   (forum_events_review_posts()) send the live `review` event when a post enters or leaves the review queue;
 *   migration 0059's `posts_review_events_flagged_del` (forum_events_review_flagged_post_deleted()) when a
 *   post with open flags is deleted, and `posts_review_events_move` (forum_events_review_posts_moved()) when a
 *   pending or flagged post moves to another category.
 */
export const posts = pgTable(
  "posts",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    content: text().notNull(),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    type: postTypeEnum().notNull().default("NORMAL"),
    status: postStatusEnum().notNull().default("PUBLISHED"),
    visibleScope: visibleScopeEnum().notNull().default("ALL"),
    views: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    pinnedAt: timestamp({ withTimezone: true, precision: 3 }),
    lastReplyAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closed: boolean().notNull().default(false),
    /**
     * Who closed it (set with `closed`, cleared on reopening): a close by anyone but its author (staff)
     * is undone by staff only. Null on a closed post: its closer is gone or unknown, treated as staff.
     */
    closedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** "Featured" is rssExcluded = false, as in OpenIsle. */
    rssExcluded: boolean().notNull().default(true),
    featuredAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Experience the creation earned its author. */
    reward: integer().notNull().default(0),
    /** Set while the post is hidden by member flags (it went back to PENDING) until staff review it. */
    hiddenAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Why staff rejected it (REJECTED only; shown to its author and staff); cleared when it is approved. */
    rejectedReason: text(),
    /** The last time someone other than the author changed its title or content (an edit or a restore). */
    staffEditedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Seconds a member waits between two comments on this post (0: off). */
    slowModeSeconds: integer().notNull().default(0),
    /** Points the creation earned its author. */
    pointReward: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // created_at/id are NOT NULL: `desc().nullsFirst()` matches a plain `order by … desc`, so the
    // planner reads these in order instead of sorting (drizzle's bare desc() writes NULLS LAST).
    index("posts_list_idx")
      .on(t.pinnedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    // Anonymous lists: an index-only scan (deep pages skip entries without touching the table).
    index("posts_public_list_idx")
      .on(t.pinnedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED' and ${t.visibleScope} = 'ALL'`),
    index("posts_category_list_idx")
      .on(t.categoryId, t.pinnedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    index("posts_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    index("posts_last_reply_idx")
      .on(t.lastReplyAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED'`),
    index("posts_featured_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'PUBLISHED' and ${t.rssExcluded} = false`),
    index("posts_author_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("posts_pending_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'PUBLISHED'`),
    // Substring and typo search (pg_trgm, created by migration 0005).
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("posts_content_trgm_idx").using("gin", t.content.op("gin_trgm_ops")),
  ],
);

/** Trigger (SQL only, migration 0002): `post_tags_counts` keeps tag_post_counts (forum_post_tags_counts()). */
export const postTags = pgTable(
  "post_tags",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_idx").on(t.tagId, t.postId)],
);

/**
 * SQL only (migrations 0005, 0032): `search_tsv`, a generated tsvector of the content (and its CJK
 * two-character runs) with its GIN index
 * `comments_search_idx`, left out for the same reason as posts.search_tsv; the trigger `comments_events`
 * writes live events (forum_events_comments()). `content_html` as posts.content_html, with the trigger
 * `comments_clear_stale_html`.
 */
export const comments = pgTable(
  "comments",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for a top-level comment; the replied-to comment otherwise. */
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    content: text().notNull(),
    pinnedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Who pinned it (cleared on unpinning): a pin by anyone but the post's author (staff) is undone by staff only. */
    pinnedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** Soft delete: the row stays so that replies remain readable. */
    deletedAt: timestamp({ withTimezone: true, precision: 3 }),
    /** Hidden by flags or by staff until reviewed: only staff and the author see its text. */
    hiddenAt: timestamp({ withTimezone: true, precision: 3 }),
    editedAt: timestamp({ withTimezone: true, precision: 3 }),
    staffEditedAt: timestamp({ withTimezone: true, precision: 3 }),
    reward: integer().notNull().default(0),
    pointReward: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.createdAt, t.id),
    index("comments_parent_idx").on(t.parentId),
    index("comments_author_idx").on(t.authorId, t.createdAt),
    // Comments per day and over the last 1/7/30 days (the admin dashboard).
    index("comments_created_idx").on(t.createdAt),
    index("comments_content_trgm_idx").using("gin", t.content.op("gin_trgm_ops")),
  ],
);

/**
 * Triggers (SQL only, migration 0005): `reactions_events_ins` and `reactions_events_del` write a live
 * event per statement and post (forum_events_counts(), also on poll_votes and lottery_participants).
 */
export const reactions = pgTable(
  "reactions",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: reactionTypeEnum().notNull(),
    postId: integer().references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer().references(() => comments.id, { onDelete: "cascade" }),
    /** Experience the reaction earned its giver. */
    reward: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reactions_post_unique")
      .on(t.postId, t.userId, t.type)
      .where(sql`${t.commentId} is null`),
    uniqueIndex("reactions_comment_unique")
      .on(t.commentId, t.userId, t.type)
      .where(sql`${t.commentId} is not null`),
    index("reactions_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const postSubscriptions = pgTable(
  "post_subscriptions",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("post_subscriptions_post_idx").on(t.postId)],
);

/** One row per (post, viewer) to deduplicate view counts and POST_VIEWED notifications. */
export const postViews = pgTable(
  "post_views",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    viewerKey: text().notNull(),
    viewedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerKey] })],
);
