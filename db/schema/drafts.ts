import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { categories } from "./taxonomy";
import { users } from "./users";

/**
 * A member's saved draft of a new post, one per member, as OpenIsle's DraftController keeps it (
 * GET/POST/DELETE /api/drafts/me, lib/services/posts/drafts.ts). Publishing a post deletes its author's draft,
 * as OpenIsle's createPost does: trigger `posts_clear_draft` on posts (SQL only, migration 0017,
 * forum_clear_draft()). `tagIds` may name tags deleted since; the reader keeps only existing ones.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text(),
    content: text(),
    categoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    tagIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("drafts_user_idx").on(t.userId)],
);
