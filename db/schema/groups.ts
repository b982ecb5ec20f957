import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { categories } from "./taxonomy";
import { users } from "./users";

/**
 * Groups and per-category permissions (issue 57; the rule: docs/permissions.md, the code:
 * lib/permissions/category-access.ts). Built-in groups (everyone, members, staff) follow existing state
 * and have no rows; only named groups live here.
 */

/** Who may read a group's member list: anybody, signed-in members, its own members, or staff only. */
export const GROUP_VISIBILITIES = ["everyone", "members", "group", "staff"] as const;
export type GroupVisibility = (typeof GROUP_VISIBILITIES)[number];

export const groups = pgTable(
  "groups",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
    membersVisibility: text().$type<GroupVisibility>().notNull().default("members"),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("groups_name_lower_idx").on(sql`lower(${t.name})`),
    check("groups_members_visibility_check", sql`${t.membersVisibility} in ('everyone', 'members', 'group', 'staff')`),
  ],
);

/** A member of a group; an owner manages the group's membership (adds and removes members). */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    owner: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // A member's groups (every access computation starts from the reader).
    index("group_members_user_idx").on(t.userId, t.groupId),
  ],
);

export const CATEGORY_ACTIONS = ["see", "post", "reply"] as const;
export type CategoryAction = (typeof CATEGORY_ACTIONS)[number];
export const PRINCIPAL_KINDS = ["everyone", "members", "staff", "group"] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/**
 * Who may do `action` in a category: the union of its rows. No row for (category, action) keeps the
 * default (see: everyone; post, reply: members). Staff (moderators, admins) may always do everything.
 * Migration 0045's triggers end the live streams whose access changed: category_permissions_access_events
 * (forum_events_category_access_changed) here, group_members_access_events
 * (forum_events_group_member_changed) on group_members.
 */
export const categoryPermissions = pgTable(
  "category_permissions",
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    action: text().$type<CategoryAction>().notNull(),
    principal: text().$type<PrincipalKind>().notNull(),
    groupId: integer().references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("category_permissions_entry_idx").on(t.categoryId, t.action, t.principal, sql`coalesce(${t.groupId}, 0)`),
    // The hidden set of a reader is computed per action over the whole (small) table.
    index("category_permissions_action_idx").on(t.action, t.categoryId),
    index("category_permissions_group_idx").on(t.groupId),
    check("category_permissions_action_check", sql`${t.action} in ('see', 'post', 'reply')`),
    check(
      "category_permissions_principal_check",
      sql`(${t.principal} = 'group') = (${t.groupId} is not null) and ${t.principal} in ('everyone', 'members', 'staff', 'group')`,
    ),
  ],
);

/**
 * A group made moderator of a category: its members review, close, pin, move and hide posts there.
 * Migration 0057's trigger `category_moderators_access_events` (forum_events_category_access_changed())
 * ends the live streams when it changes, so they reopen under the new rule.
 */
export const categoryModerators = pgTable(
  "category_moderators",
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.groupId] }), index("category_moderators_group_idx").on(t.groupId)],
);
