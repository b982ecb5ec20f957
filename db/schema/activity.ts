import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { changeLogTypeEnum, notificationTypeEnum, publishModeEnum, reactionTypeEnum, visibleScopeEnum } from "./enums";
import { comments, posts } from "./posts";
import { rateLimitSettingColumns, users } from "./users";
import { spamSettingColumns } from "./spam";

export type CategorySnapshot = { id: number; name: string; description: string; icon: string; smallIcon: string };
export type TagSnapshot = CategorySnapshot & { createdAt: string };

/**
 * Triggers (SQL only): `notifications_events` after insert and `notifications_events_grouped` when
 * `actors` grows write a live event (forum_events_notifications(), migrations 0005 and 0010);
 * `notifications_mail_queue` queues replies and mentions for mail (migration 0006).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum().notNull(),
    postId: integer().references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer().references(() => comments.id, { onDelete: "cascade" }),
    fromUserId: integer().references(() => users.id, { onDelete: "cascade" }),
    reactionType: reactionTypeEnum(),
    content: text(),
    approved: boolean(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** REACTION: the members grouped in this notification, latest last (migration 0010). */
    actors: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread_idx")
      .on(t.userId, t.type)
      .where(sql`${t.read} = false`),
    index("notifications_post_idx").on(t.postId),
    // The grouped list (lib/services/notifications/groups.ts): a group is one member's notifications of
    // one type on one post in one read state; its newest member, count and latest actors come from here
    // (from_user_id and the predicate let the count of a large group be an index-only scan).
    index("notifications_group_idx")
      .on(t.userId, t.postId, t.type, t.read, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.fromUserId)
      .where(sql`${t.postId} is not null and (${t.type} <> 'POST_UPDATED' or ${t.commentId} is not null)`),
  ],
);

/** A row only where the user chose differently from the default. */
export const notificationPrefs = pgTable(
  "notification_prefs",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum().notNull(),
    enabled: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const postChangeLogs = pgTable(
  "post_change_logs",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    type: changeLogTypeEnum().notNull(),
    oldTitle: text(),
    newTitle: text(),
    oldContent: text(),
    newContent: text(),
    oldCategory: jsonb().$type<CategorySnapshot>(),
    newCategory: jsonb().$type<CategorySnapshot>(),
    oldTags: jsonb().$type<TagSnapshot[]>(),
    newTags: jsonb().$type<TagSnapshot[]>(),
    oldClosed: boolean(),
    newClosed: boolean(),
    oldPinnedAt: timestamp({ withTimezone: true, precision: 3 }),
    newPinnedAt: timestamp({ withTimezone: true, precision: 3 }),
    oldFeatured: boolean(),
    newFeatured: boolean(),
    oldVisibleScope: visibleScopeEnum(),
    newVisibleScope: visibleScopeEnum(),
    amount: integer(),
    /** Set on a comment's history entries (its post's id stays in postId). */
    commentId: integer(),
    /** The version number this entry restored (a restore writes one entry per field it changed). */
    restoredVersion: integer(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("post_change_logs_post_idx").on(t.postId, t.createdAt, t.id),
    index("post_change_logs_comment_idx")
      .on(t.commentId, t.createdAt, t.id)
      .where(sql`${t.commentId} is not null`),
    // Named as Postgres named it: migration 0008 declared the key inline.
    foreignKey({ name: "post_change_logs_comment_id_fkey", columns: [t.commentId], foreignColumns: [comments.id] }).onDelete("cascade"),
  ],
);

export const uploads = pgTable(
  "uploads",
  {
    id: serial().primaryKey(),
    /** SHA-256 of the stored (re-encoded) bytes: same image, same key, same URL. */
    hash: text().notNull().unique(),
    key: text().notNull(),
    url: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId)],
);

/**
 * The name a presigned upload was given (GET /api/upload/presign, OpenIsle's editor flow): the client
 * learns `/uploads/p/<name>` before it sends the file, and the stored image is content-addressed, so
 * the name is recorded here when its one PUT succeeds (the primary key makes the URL single-use) and
 * `/uploads/p/<name>` redirects to the image (lib/services/uploads/presign.ts).
 */
export const uploadAliases = pgTable(
  "upload_aliases",
  {
    /** `<32 hex>.<ext>`, as in the presigned file URL. */
    name: text().primaryKey(),
    uploadId: integer()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("upload_aliases_upload_idx").on(t.uploadId), index("upload_aliases_owner_idx").on(t.ownerId)],
);

/** A single row (id = 1). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer().primaryKey().default(1),
    publishMode: publishModeEnum().notNull().default("DIRECT"),
    /** Flags from this many distinct members hide a post or comment until staff review it. */
    flagHideThreshold: integer().notNull().default(3),
    /** OPEN: anyone may sign up; CLOSED: sign-up is refused (admins create accounts). */
    registrationMode: text().$type<"OPEN" | "CLOSED">().notNull().default("OPEN"),
    /** Members may change their username at most once per this many days (0: any time); null: never. */
    usernameChangeDays: integer().default(30),
    /** Direct messages: members below this level may message staff only (spam). */
    messageMinLevel: integer().notNull().default(1),
    /** Direct messages: staff may read members' conversations (abuse reports); each read is audited. Off by default. */
    staffReadMessages: boolean().notNull().default(false),
    /** Posts need at least this many tags (0 to 5; 0: tags are optional). */
    minPostTags: integer().notNull().default(0),
    /** Who may create a tag: EVERYONE (signed-in members), LEVEL (from tagCreateMinLevel; staff always), STAFF. */
    tagCreators: text().$type<"EVERYONE" | "LEVEL" | "STAFF">().notNull().default("LEVEL"),
    /** With tagCreators LEVEL: the level (experience) a member needs to create tags. */
    tagCreateMinLevel: integer().notNull().default(1),
    /** Staff (moderators and admins) must have two-factor sign-in: until they set it up, every page asks for it. */
    staffTwoFactor: boolean().notNull().default(false),
    /** Sign-in only through the configured OpenID/OAuth providers: password sign-in and sign-up are refused, except for admins. */
    ssoOnly: boolean().notNull().default(false),
    /** New-member limits and automatic defence (issue 58): db/schema/spam.ts. */
    ...spamSettingColumns(),
    /** Rate limits per action (db/schema/users.ts). */
    ...rateLimitSettingColumns(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check("site_settings_registration_mode_check", sql`${t.registrationMode} IN ('OPEN', 'CLOSED')`),
    check("site_settings_username_change_days_check", sql`${t.usernameChangeDays} >= 0`),
    check("site_settings_min_post_tags_check", sql`${t.minPostTags} BETWEEN 0 AND 5`),
    check("site_settings_tag_creators_check", sql`${t.tagCreators} IN ('EVERYONE', 'LEVEL', 'STAFF')`),
    check("site_settings_tag_create_min_level_check", sql`${t.tagCreateMinLevel} BETWEEN 0 AND 6`),
  ],
);
