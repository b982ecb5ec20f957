import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { notifications } from "./activity";
import { posts } from "./posts";
import { users } from "./users";

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed", "cancelled"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const EMAIL_MODES = ["immediate", "daily", "weekly", "off"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/**
 * Mail waiting to be sent, written in the transaction that decided to send it and drained by the
 * scheduler (lib/mail/outbox.ts): claimed with a conditional update, retried with backoff.
 * `data` holds the template's parameters; the message is rendered when it is sent.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    toAddress: text().notNull(),
    userId: integer(),
    /** The post the mail is about: checked again at send time, so nobody is mailed a post they may not see. */
    postId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text(),
    status: text().$type<MailStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true, precision: 3 }),
    claimedBy: text(),
    lastError: text(),
    messageId: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_user_idx").on(t.userId, t.createdAt),
    // The dashboard's queue state: rows per status without reading every sent mail, and mail sent in the last day.
    index("mail_outbox_status_idx").on(t.status, t.sentAt),
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'cancelled')`),
    // Foreign keys named as Postgres named them: migration 0006 declared them inline (likewise below).
    foreignKey({ name: "mail_outbox_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    foreignKey({ name: "mail_outbox_post_id_fkey", columns: [t.postId], foreignColumns: [posts.id] }).onDelete("cascade"),
  ],
);

/**
 * One-time secrets sent by mail (verification codes, reset tokens, codes confirming a new address);
 * only their SHA-256 is stored.
 */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: serial().primaryKey(),
    userId: integer().notNull(),
    purpose: text().$type<"verify" | "reset" | "email" | "delete">().notNull(),
    codeHash: text().notNull(),
    /** `email`: the address the member asked to change to (it becomes theirs when the code comes back). */
    newEmail: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_codes_hash_idx").on(t.codeHash),
    index("email_codes_user_idx").on(t.userId, t.purpose, t.createdAt),
    check("email_codes_purpose_check", sql`${t.purpose} in ('verify', 'reset', 'email', 'delete')`),
    foreignKey({ name: "email_codes_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
  ],
);

/** A row only for members who changed the default (`immediate`) or have had a digest. */
export const emailPrefs = pgTable(
  "email_prefs",
  {
    userId: integer().primaryKey(),
    mode: text().$type<EmailMode>().notNull().default("immediate"),
    lastDigestAt: timestamp({ withTimezone: true, precision: 3 }),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("email_prefs_digest_idx")
      .on(t.mode, t.lastDigestAt)
      .where(sql`${t.mode} in ('daily', 'weekly')`),
    check("email_prefs_mode_check", sql`${t.mode} in ('immediate', 'daily', 'weekly', 'off')`),
    foreignKey({ name: "email_prefs_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
  ],
);

/**
 * Replies and mentions not yet looked at by the reply-mail job, filled by the trigger
 * `notifications_mail_queue` on notifications (function forum_queue_notification_mail, migration 0006).
 */
export const notificationMailQueue = pgTable(
  "notification_mail_queue",
  {
    notificationId: integer().primaryKey(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "notification_mail_queue_notification_id_fkey",
      columns: [t.notificationId],
      foreignColumns: [notifications.id],
    }).onDelete("cascade"),
  ],
);
