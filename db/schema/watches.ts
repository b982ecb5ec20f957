import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { categories, tags } from "./taxonomy";
import { users } from "./users";

export const WATCH_LEVELS = ["WATCH", "MUTE"] as const;
export type WatchLevel = (typeof WATCH_LEVELS)[number];

/**
 * A member's choice for one category or one tag (no row: normal). WATCH: a notification (and mail, as
 * their email settings say) for each new post in it; MUTE: its posts are left out of their home list.
 * Exactly one of category and tag is set.
 */
export const taxonomyWatches = pgTable(
  "taxonomy_watches",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer().references(() => categories.id, { onDelete: "cascade" }),
    tagId: integer().references(() => tags.id, { onDelete: "cascade" }),
    level: text().$type<WatchLevel>().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The member's own choices (settings list, their level on a category/tag page, the home list's mute test).
    uniqueIndex("taxonomy_watches_user_category_idx")
      .on(t.userId, t.categoryId)
      .where(sql`${t.categoryId} is not null`),
    uniqueIndex("taxonomy_watches_user_tag_idx")
      .on(t.userId, t.tagId)
      .where(sql`${t.tagId} is not null`),
    // Who watches a category or tag (a new post notifies them).
    index("taxonomy_watches_category_idx")
      .on(t.categoryId, t.level)
      .where(sql`${t.categoryId} is not null`),
    index("taxonomy_watches_tag_idx")
      .on(t.tagId, t.level)
      .where(sql`${t.tagId} is not null`),
    check("taxonomy_watches_level_check", sql`${t.level} in ('WATCH', 'MUTE')`),
    check("taxonomy_watches_one_target", sql`(${t.categoryId} is null) <> (${t.tagId} is null)`),
  ],
);

/**
 * The names a member had before a rename: `/u/<old>` redirects to their profile and API lookups by the
 * old name find them; the name stays theirs (nobody else may take it).
 */
export const usernameHistory = pgTable(
  "username_history",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text().notNull(),
    changedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Lookup by an old name (profile redirect, API lookups, the "taken" check).
    index("username_history_name_idx").on(sql`lower(${t.username})`),
    // The member's last rename (the admin's "once per N days").
    index("username_history_user_idx").on(t.userId, t.changedAt),
  ],
);
