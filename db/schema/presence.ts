import { date, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Per member and UTC day: that the member was seen that day, and when last (who is online,
 * daily active users, a profile's `visitedDays`). "Seen" is a request carrying the member's credentials:
 * written by triggers (SQL only, migration 0017) on the minute-throttled `last_used_at` writes that
 * signing a request in already makes, so reading a page or calling the API adds no write of its own:
 * `api_tokens_presence` (bearer tokens) and `user_sessions_presence` (browser sessions, from sign-in on),
 * both through forum_record_presence(). lib/services/users/presence.ts reads it and records heartbeats.
 */
export const userVisitDays = pgTable(
  "user_visit_days",
  {
    day: date({ mode: "string" }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeenAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Daily active users of a range of days: the key's leading column.
    primaryKey({ columns: [t.day, t.userId] }),
    // A member's visited days.
    index("user_visit_days_user_idx").on(t.userId, t.day),
    // Members seen in the last minutes (online count): only the newest entries are read.
    index("user_visit_days_seen_idx").on(t.lastSeenAt),
  ],
);
