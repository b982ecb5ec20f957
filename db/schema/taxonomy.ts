import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
  },
  (t) => [uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`)],
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
  (t) => [uniqueIndex("tags_name_lower_idx").on(sql`lower(${t.name})`)],
);
