import { sql } from "drizzle-orm";
import { foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A private conversation (issue 48): two members (`directKey` "<lower id>:<higher id>", unique, so
 * finding or creating one is race-free) or a group of up to 10 (`directKey` null). Only its
 * participants read it. `lastMessageId`/`lastMessageAt` order the member's list.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial().primaryKey(),
    directKey: text(),
    /** Groups only; a direct conversation is named after the other member. */
    name: text(),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessageId: integer(),
    lastMessageAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("conversations_direct_key_idx").on(t.directKey)],
);

/**
 * A member of a conversation. `lastReadMessageId`: everything up to it is read (unread counts and
 * read receipts). `mailPendingAt`: a message arrived that they have not read; `mailedAt`: the one
 * mail for it was queued (both cleared when they read), so an away member gets one mail per
 * conversation until they read it.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: integer().notNull().default(0),
    lastReadAt: timestamp({ withTimezone: true, precision: 3 }),
    mailPendingAt: timestamp({ withTimezone: true, precision: 3 }),
    mailedAt: timestamp({ withTimezone: true, precision: 3 }),
    joinedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.userId, t.conversationId),
    index("conversation_participants_mail_idx")
      .on(t.mailPendingAt)
      .where(sql`${t.mailPendingAt} is not null and ${t.mailedAt} is null`),
  ],
);

/**
 * A message; `content` is markdown stored as given (bounded and rendered as comments are). The trigger
 * `messages_events` (function forum_events_messages, migration 0029) moves the conversation's last
 * message, marks the other members' mail pending and emits a `message` event to the members; the
 * trigger `conversation_participants_events` (function forum_events_message_reads) emits
 * `message_read` when a read mark moves.
 */
export const messages = pgTable(
  "messages",
  {
    id: serial().primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text().notNull(),
    replyToId: integer(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Pages of a conversation (newest first, by id) and its unread counts (id > lastReadMessageId).
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_sender_idx").on(t.senderId, t.createdAt),
    foreignKey({ name: "messages_reply_to_id_fk", columns: [t.replyToId], foreignColumns: [t.id] }).onDelete("set null"),
  ],
);
