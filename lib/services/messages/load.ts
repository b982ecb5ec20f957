import "server-only";
import { censorHtml, censorText } from "@/lib/services/spam/censor";
import { asc, inArray, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { conversationParticipants, messageReactions, messages, users } from "@/db/schema";
import { htmlOf } from "@/lib/services/content/stored-html";
import { iso, userSummary, userSummaryColumns, type UserSummary } from "@/lib/services/dto";
import type { MessageDto, MessageReplyDto, ParticipantReadDto } from "@/lib/validation/messages";
import type { ReactionDto } from "@/lib/validation/responses";

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  content: messages.content,
  replyToId: messages.replyToId,
  event: messages.event,
  createdAt: messages.createdAt,
  /** The HTML stored when it was sent (null for older messages: rendered once, then stored). */
  html: sql<string | null>`${messages}.content_html`,
  sender: userSummaryColumns,
};

/** Messages with their senders (one query); the caller orders and bounds it. */
export function selectMessages(where: SQL | undefined) {
  return db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(where);
}

export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

function replyDto(r: MessageRow): MessageReplyDto {
  return {
    id: r.id,
    content: censorText(r.content),
    sender: userSummary(r.sender),
    conversationId: r.conversationId,
    createdAt: iso(r.createdAt)!,
    replyTo: null,
    reactions: [],
  };
}

/**
 * Rows to OpenIsle's MessageDto, with the message each replies to (one more query for all of them)
 * and the content rendered and sanitized as a comment's (`html`).
 */
export async function toMessageDtos(rows: MessageRow[]): Promise<MessageDto[]> {
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
  const replies = new Map<number, MessageReplyDto>();
  const [replyRows, reactions] = await Promise.all([
    replyIds.length ? selectMessages(inArray(messages.id, replyIds)) : Promise.resolve([]),
    loadMessageReactions(rows.map((r) => r.id)),
  ]);
  for (const r of replyRows) replies.set(r.id, replyDto(r));
  const unrendered = rows.filter((r) => r.html === null);
  const rendered = unrendered.length ? await htmlOf("messages", unrendered) : null;
  return rows.map((r) => ({
    ...replyDto(r),
    replyTo: r.replyToId === null ? null : (replies.get(r.replyToId) ?? null),
    reactions: reactions.get(r.id) ?? [],
    html: censorHtml(r.html ?? rendered!.get(r.id)!),
    event: r.event ?? null,
  }));
}

/** The reactions to each message, oldest first, in one query (the Reaction of posts, with `messageId`). */
export async function loadMessageReactions(messageIds: number[]): Promise<Map<number, ReactionDto[]>> {
  const out = new Map<number, ReactionDto[]>();
  if (!messageIds.length) return out;
  const rows = await db
    .select({ id: messageReactions.id, type: messageReactions.type, messageId: messageReactions.messageId, username: users.username })
    .from(messageReactions)
    .innerJoin(users, eq(users.id, messageReactions.userId))
    .where(inArray(messageReactions.messageId, [...new Set(messageIds)]))
    .orderBy(asc(messageReactions.id));
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    list.push(messageReactionDto(r));
    out.set(r.messageId, list);
  }
  return out;
}

export const messageReactionDto = (r: { id: number; type: ReactionDto["type"]; messageId: number; username: string }): ReactionDto => ({
  id: r.id,
  type: r.type,
  user: r.username,
  postId: null,
  commentId: null,
  messageId: r.messageId,
  reward: 0,
});

/** Every participant of the conversations (summary and read mark), one query, in joining order. */
export async function loadParticipants(conversationIds: number[]): Promise<Map<number, { user: UserSummary; read: ParticipantReadDto }[]>> {
  const out = new Map<number, { user: UserSummary; read: ParticipantReadDto }[]>();
  if (!conversationIds.length) return out;
  const rows = await db
    .select({
      conversationId: conversationParticipants.conversationId,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
      lastReadAt: conversationParticipants.lastReadAt,
      user: userSummaryColumns,
    })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(inArray(conversationParticipants.conversationId, conversationIds))
    .orderBy(asc(conversationParticipants.joinedAt), asc(conversationParticipants.userId));
  for (const r of rows) {
    const list = out.get(r.conversationId) ?? [];
    list.push({
      user: userSummary(r.user),
      read: { userId: r.user.id, lastReadMessageId: r.lastReadMessageId, lastReadAt: iso(r.lastReadAt) },
    });
    out.set(r.conversationId, list);
  }
  return out;
}
