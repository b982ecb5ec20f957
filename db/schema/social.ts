import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Member follows member (POST /api/subscriptions/users/{username}); the followee's followers list reads the second index. */
export const userFollows = pgTable(
  "user_follows",
  {
    followerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("user_follows_followee_idx").on(t.followeeId, t.createdAt),
    index("user_follows_follower_created_idx").on(t.followerId, t.createdAt),
    check("user_follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Member blocks member: no messages, mentions or notifications from the blocked one reach the blocker. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
