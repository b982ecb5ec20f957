import { bigserial, index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts";
import { users } from "./users";

/**
 * Migration 0006 also adds columns and triggers that no Drizzle query names: `posts.search_tsv` and
 * `comments.search_tsv` (generated tsvectors, GIN-indexed), trigram indexes on titles, contents and
 * names, and the triggers that write `events` and call pg_notify('forum_events').
 */

/** Per member and post: when they last read it and the newest comment they had then. */
export const postReads = pgTable(
  "post_reads",
  {
    userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
    postId: integer().notNull().references(() => posts.id, { onDelete: "cascade" }),
    lastReadAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastCommentId: integer(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("post_reads_post_idx").on(t.postId)],
);

/** Per member: the last request seen, the visit before the current one, and "mark all read". */
export const userVisits = pgTable("user_visits", {
  userId: integer().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  previousVisitAt: timestamp({ withTimezone: true, precision: 3 }),
  allReadAt: timestamp({ withTimezone: true, precision: 3 }),
});

/** The live-event outbox (kept a short while, for clients resuming with Last-Event-ID). */
export const events = pgTable(
  "events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("events_created_idx").on(t.createdAt)],
);
