import { bigserial, foreignKey, index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { posts } from "./posts";
import { users } from "./users";

// Keys named as Postgres named them: migration 0005 created these tables with inline constraints.

/** Per member and post: when they last read it and the newest comment they had then. */
export const postReads = pgTable(
  "post_reads",
  {
    userId: integer().notNull(),
    postId: integer().notNull(),
    lastReadAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastCommentId: integer(),
  },
  (t) => [
    primaryKey({ name: "post_reads_pkey", columns: [t.userId, t.postId] }),
    index("post_reads_post_idx").on(t.postId),
    foreignKey({ name: "post_reads_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    foreignKey({ name: "post_reads_post_id_fkey", columns: [t.postId], foreignColumns: [posts.id] }).onDelete("cascade"),
  ],
);

/** Per member: the last request seen, the visit before the current one, and "mark all read". */
export const userVisits = pgTable(
  "user_visits",
  {
    userId: integer().primaryKey(),
    lastSeenAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    previousVisitAt: timestamp({ withTimezone: true, precision: 3 }),
    allReadAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [foreignKey({ name: "user_visits_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade")],
);

/**
 * The live-event outbox (kept a short while, for clients resuming with Last-Event-ID). Written only by
 * triggers (migration 0005, through forum_emit(), which also calls pg_notify('forum_events'); events
 * about a post carry forum_post_access(post id), what decides who may see them): see posts, comments,
 * reactions, poll_votes, lottery_participants and notifications.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("events_created_idx").on(t.createdAt)],
);
