import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { reactionTypeEnum } from "./enums";
import { users } from "./users";

/** What a system line of a conversation records (`messages.event`): members added by the sender. */
export type MessageEvent = { type: "members_added"; userIds: number[] };

/**
 * A private conversation: two members (`directKey` "<lower id>:<higher id>", unique, so
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
 * A message; `content` is markdown stored as given (bounded and rendered as comments are), and its HTML
 * in the SQL-only `content_html` (migration 0053, as posts.content_html; trigger
 * `messages_clear_stale_html`). The trigger
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
    /**
     * A system line rather than a member's words (members were added: who, by the sender); `content`
     * then holds the same in plain English for clients that know nothing of it (OpenIsle's).
     */
    event: jsonb().$type<MessageEvent>(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Pages of a conversation (newest first, by id) and its unread counts (id > lastReadMessageId).
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_sender_idx").on(t.senderId, t.createdAt),
    foreignKey({ name: "messages_reply_to_id_fk", columns: [t.replyToId], foreignColumns: [t.id] }).onDelete("set null"),
  ],
);

/**
 * A member's reaction to a message (OpenIsle's POST /api/messages/{id}/reactions toggles it): one of
 * each type per member and message. The trigger `message_reactions_events` (function forum_events_message_reactions, migration 0038) sends a
 * `message` event of kind `reaction` to the conversation's members, so the others see it live.
 */
export const messageReactions = pgTable(
  "message_reactions",
  {
    id: serial().primaryKey(),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: reactionTypeEnum().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("message_reactions_unique").on(t.messageId, t.userId, t.type), index("message_reactions_user_idx").on(t.userId)],
);
