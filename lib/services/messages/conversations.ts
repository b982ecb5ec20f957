import "server-only";
import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { conversationParticipants, conversations, messages } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { audit } from "@/lib/services/shared/audit";
import { loadParticipants, selectMessages, toMessageDtos } from "@/lib/services/messages/load";
import { conversationAccess, loadSendFacts } from "@/lib/services/messages/facts";
import { assertMayStart } from "@/lib/services/messages/rules";
import { MAX_GROUP_MEMBERS, type ConversationDetailDto, type ConversationDto } from "@/lib/validation/messages";
import type { Viewer } from "@/lib/viewer";

/** The key of the conversation of two members: whoever starts it, the same row (unique index). */
export const directKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/**
 * GET /api/messages/conversations: the caller's conversations, the latest message first (those
 * without a message yet only for whoever opened them), each with its last message, its members
 * and the caller's unread count. Four queries whatever the page size.
 */
export async function listConversations(viewer: Viewer, opts: { page: number; size: number }): Promise<ConversationDto[]> {
  const rows = await db
    .select({
      id: conversations.id,
      name: conversations.name,
      directKey: conversations.directKey,
      createdAt: conversations.createdAt,
      lastMessageId: conversations.lastMessageId,
      lastMessageAt: conversations.lastMessageAt,
      unread: sql<number>`(select count(*)::int from messages m where m.conversation_id = ${conversations.id}
        and m.id > ${conversationParticipants.lastReadMessageId} and m.sender_id <> ${viewer.id})`,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.userId, viewer.id),
        sql`(${conversations.lastMessageId} is not null or ${conversations.createdById} = ${viewer.id})`,
      ),
    )
    .orderBy(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`, desc(conversations.id))
    .limit(opts.size)
    .offset(opts.page * opts.size);
  if (!rows.length) return [];
  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null);
  const [members, last] = await Promise.all([
    loadParticipants(rows.map((r) => r.id)),
    lastIds.length ? selectMessages(inArray(messages.id, lastIds)).then(toMessageDtos) : Promise.resolve([]),
  ]);
  const lastById = new Map(last.map((m) => [m.id, m]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    channel: false,
    avatar: null,
    lastMessage: r.lastMessageId === null ? null : (lastById.get(r.lastMessageId) ?? null),
    participants: (members.get(r.id) ?? []).map((p) => p.user),
    createdAt: iso(r.createdAt)!,
    unreadCount: Number(r.unread),
    group: r.directKey === null,
    lastMessageAt: iso(r.lastMessageAt),
  }));
}

/**
 * GET /api/messages/conversations/{id}: a page of messages, newest first (OpenIsle's `page`/`size`,
 * or the extension `before`: the `size` messages older than that id). Opening it marks it read, as
 * OpenIsle does. Staff reading a conversation they are not in (only where the site allows it)
 * leaves an audit entry for each read and no read mark. `markRead: false`: a page's render (a link's
 * prefetch renders it unseen); the page marks it read once it is shown.
 */
export async function getConversation(
  viewer: Viewer,
  { conversationId, ...opts }: { conversationId: number; page: number; size: number; before?: number; markRead?: boolean },
): Promise<ConversationDetailDto> {
  const access = await conversationAccess(viewer, conversationId, "read");
  if (!access.me) {
    await audit(db, {
      actorId: viewer.id,
      action: "messages.staff-read",
      targetType: "conversation",
      targetId: conversationId,
      before: null,
      after: { page: opts.page, size: opts.size, before: opts.before ?? null },
    });
  } else if (opts.markRead !== false) {
    await markRead(conversationId, viewer.id);
  }
  const where = and(eq(messages.conversationId, conversationId), opts.before ? lt(messages.id, opts.before) : undefined);
  const [rows, [count], members] = await Promise.all([
    selectMessages(where)
      .orderBy(desc(messages.id))
      .limit(opts.size)
      .offset(opts.before ? 0 : opts.page * opts.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId)),
    loadParticipants([conversationId]),
  ]);
  const content = await toMessageDtos(rows);
  const total = Number(count?.n ?? 0);
  const totalPages = Math.ceil(total / opts.size);
  const number = opts.before ? 0 : opts.page;
  const list = members.get(conversationId) ?? [];
  return {
    id: access.conversation.id,
    name: access.conversation.name,
    channel: false,
    avatar: null,
    participants: list.map((p) => p.user),
    messages: {
      content,
      number,
      size: opts.size,
      totalElements: total,
      totalPages,
      numberOfElements: content.length,
      first: number === 0,
      last: opts.before ? content.length < opts.size : number >= totalPages - 1,
      empty: content.length === 0,
    },
    group: access.conversation.directKey === null,
    reads: list.map((p) => p.read),
  };
}

/**
 * POST /api/messages/conversations/{id}/read (and opening it): everything up to the newest message
 * is read; the conversation's mail state starts over. A no-op when nothing new arrived.
 */
export async function markConversationRead(viewer: Viewer, { conversationId }: { conversationId: number }): Promise<void> {
  await conversationAccess(viewer, conversationId, "write");
  await markRead(conversationId, viewer.id);
}

async function markRead(conversationId: number, userId: number): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({
      lastReadMessageId: sql`(select coalesce(max(m.id), 0) from messages m where m.conversation_id = ${conversationId})`,
      lastReadAt: sql`now()`,
      mailPendingAt: null,
      mailedAt: null,
    })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
        sql`${conversationParticipants.lastReadMessageId} < (select coalesce(max(m.id), 0) from messages m where m.conversation_id = ${conversationId})`,
      ),
    );
}

/**
 * The unread messages from others in all of a member's conversations, as an expression a caller can
 * put in its own statement (page-state asks it with the header's other values).
 */
export function unreadMessagesSql(userId: number): SQL<number> {
  return sql<number>`(select count(*)::int from conversation_participants p
        join messages m on m.conversation_id = p.conversation_id and m.id > p.last_read_message_id and m.sender_id <> p.user_id
        where p.user_id = ${userId})`;
}

/** GET /api/messages/unread-count (OpenIsle's header asks it): unread messages from others in all the caller's conversations, one query. */
export async function unreadMessageCount(viewer: Pick<Viewer, "id">): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select ${unreadMessagesSql(viewer.id)} as n`);
  return Number(row?.n ?? 0);
}

/** The conversation of two members, created with both of them if there is none (race-free: the unique direct key). */
export async function directConversation(tx: DbOrTx, a: number, b: number, creatorId: number): Promise<number> {
  const key = directKey(a, b);
  const [made] = await tx
    .insert(conversations)
    .values({ directKey: key, createdById: creatorId })
    .onConflictDoNothing({ target: conversations.directKey })
    .returning({ id: conversations.id });
  if (made) {
    await tx.insert(conversationParticipants).values([
      { conversationId: made.id, userId: a },
      { conversationId: made.id, userId: b },
    ]);
    return made.id;
  }
  const [found] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.directKey, key));
  return found!.id;
}

/**
 * POST /api/messages/conversations: `recipientId` finds or creates the caller's conversation with
 * that member (OpenIsle); `recipientIds` creates a new group of at most 10 members, `name` optional.
 * Every recipient must accept messages from the caller (rules.ts).
 */
export async function createConversation(
  viewer: Viewer,
  input: { recipientId?: number; recipientIds?: number[]; name?: string },
): Promise<{ conversationId: number }> {
  const ids = input.recipientIds ? [...new Set(input.recipientIds)] : [input.recipientId!];
  const field = input.recipientIds ? "recipientIds" : "recipientId";
  if (ids.includes(viewer.id)) throw badRequest(msg("conversationWithSelf"), field);
  if (ids.length + 1 > MAX_GROUP_MEMBERS) throw badRequest(msg("conversationMaxMembers", { max: MAX_GROUP_MEMBERS }), field);
  // One query for every fact (facts.ts); by key, the conversation the two may already have.
  const f = await loadSendFacts(viewer, input.recipientIds ? { conversationId: 0 } : { directKey: directKey(viewer.id, ids[0]!) }, {
    userIds: ids,
  });
  // Finding the conversation the two already have needs no permission (its history stays theirs).
  if (!input.recipientIds && f.conversation) return { conversationId: f.conversation.id };
  assertMayStart(f, ids);
  if (!input.recipientIds) {
    return { conversationId: await db.transaction((tx) => directConversation(tx, viewer.id, ids[0]!, viewer.id)) };
  }
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(conversations)
      .values({ name: input.name ?? null, createdById: viewer.id })
      .returning({ id: conversations.id });
    await tx.insert(conversationParticipants).values([viewer.id, ...ids].map((userId) => ({ conversationId: c!.id, userId })));
    return { conversationId: c!.id };
  });
}
