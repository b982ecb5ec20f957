import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { badRequest, msg, type Msg } from "@/lib/errors";
import { renderForStore } from "@/lib/services/content/stored-html";
import { siteRateLimitHitSql, tooMany } from "@/lib/limits/rate-limit";
import { iso } from "@/lib/services/dto";
import { directConversation, directKey } from "@/lib/services/messages/conversations";
import { loadSendFacts, type SendFacts } from "@/lib/services/messages/facts";
import { assertMayMessage, assertMaySend, refusalToDirect } from "@/lib/services/messages/rules";
import type { MessageDto } from "@/lib/validation/messages";
import { recordScreened, screenContent } from "@/lib/services/spam/screen";
import type { Viewer } from "@/lib/viewer";

/**
 * Sending a direct message in a constant, small number of statements whatever the number
 * of members: one read of every fact the rules need (facts.ts), then one statement that counts the
 * sender's rate limit and writes the message (or, for the first message between two members, one
 * transaction that also creates their conversation). The trigger `messages_events` moves the
 * conversation's last message, marks the other members' mail pending and sends the `message` event to
 * the members, in the same statement's transaction. The answer is built from the facts, with no read
 * after the write.
 */

type NewMessage = { content: string; replyToId?: number | null };
/** A message with its HTML, rendered in a worker before the write and stored with it (stored-html.ts). */
type Rendered = NewMessage & { html: string };

/**
 * Counts one send on the sender's limit (the site's `messages` rate limit, shared by every process) and
 * writes the message when the limit allows, in one statement; 429 when it does not.
 */
async function countAndInsert(runner: DbOrTx, conversationId: number, senderId: number, input: Rendered) {
  const [r] = await rawRows<{ count: number; reset_at: Date | string; lim: number; id: number | null; created_at: Date | string | null }>(
    runner,
    sql`with hit as (${siteRateLimitHitSql(`message:${senderId}`, "messages")}),
        m as (insert into messages (conversation_id, sender_id, content, reply_to_id, content_html)
              select ${conversationId}, ${senderId}, ${input.content}, ${input.replyToId ?? null}::int, ${input.html}::text from hit where hit.count <= hit.lim
              returning id, created_at)
        select hit.count, hit.reset_at, hit.lim, m.id, m.created_at from hit left join m on true`,
  );
  if (!r || r.id === null) throw tooMany(Number(r!.lim), new Date(r!.reset_at));
  return { id: Number(r.id), createdAt: iso(r.created_at)! };
}

function messageDto(f: SendFacts, conversationId: number, row: { id: number; createdAt: string }, input: Rendered): MessageDto {
  const reply = f.replyTo;
  return {
    id: row.id,
    content: input.content,
    sender: f.sender.summary,
    conversationId,
    createdAt: row.createdAt,
    replyTo: reply
      ? {
          id: reply.id,
          content: reply.content,
          sender: reply.sender,
          conversationId,
          createdAt: reply.createdAt,
          replyTo: null,
          reactions: [],
        }
      : null,
    reactions: [],
    html: input.html,
    event: null,
  };
}

/** POST /api/messages (OpenIsle): a message to one member, in the conversation of the two (created if need be). */
export async function sendMessage(viewer: Viewer, given: NewMessage & { recipientId: number }): Promise<MessageDto> {
  if (given.recipientId === viewer.id) throw badRequest(msg("cannotMessageSelf"), "recipientId");
  await screenContent(viewer, { kind: "message", fields: { content: given.content } }).then(recordScreened);
  const input = { ...given, html: await renderForStore(given.content) };
  const f = await loadSendFacts(
    viewer,
    { directKey: directKey(viewer.id, input.recipientId) },
    {
      userIds: [input.recipientId],
      replyToId: input.replyToId,
    },
  );
  const recipient = assertMayMessage(f, input.recipientId, input.replyToId);
  if (f.conversation) {
    const row = await countAndInsert(db, f.conversation.id, viewer.id, input);
    return messageDto(f, f.conversation.id, row, input);
  }
  const { conversationId, row } = await db.transaction(async (tx) => {
    const conversationId = await directConversation(tx, viewer.id, recipient.id, viewer.id);
    return { conversationId, row: await countAndInsert(tx, conversationId, viewer.id, input) };
  });
  return messageDto(f, conversationId, row, input);
}

/**
 * Why `viewer` may not message the member `recipientId` now (null: the profile's Message button opens
 * a conversation they may write in): the same facts and rule as POST /api/messages (rules.ts
 * `refusalToDirect`), asked before the click (GET /api/users/{name}/relation). One statement.
 */
export async function directMessageRefusal(viewer: Viewer, recipientId: number): Promise<Msg | null> {
  if (recipientId === viewer.id) return msg("cannotMessageSelf");
  const f = await loadSendFacts(viewer, { directKey: directKey(viewer.id, recipientId) }, { userIds: [recipientId] });
  const recipient = f.people.find((p) => p.id === recipientId);
  if (!recipient) return msg("recipientNotFound");
  return refusalToDirect(f, recipient)?.msg ?? null;
}

/**
 * POST /api/messages/conversations/{id}/messages: members only (anyone else 404). With two members the
 * rules of rules.ts apply to the other one at every message; in a group the policies applied when each
 * member was added, while blocks and the level rule apply at every message.
 */
export async function sendToConversation(
  viewer: Viewer,
  { conversationId, ...given }: NewMessage & { conversationId: number },
): Promise<MessageDto> {
  const f = await loadSendFacts(viewer, { conversationId }, { replyToId: given.replyToId });
  const id = assertMaySend(f, given.replyToId);
  await screenContent(viewer, { kind: "message", fields: { content: given.content } }).then(recordScreened);
  const input = { ...given, html: await renderForStore(given.content) };
  return messageDto(f, id, await countAndInsert(db, id, viewer.id, input), input);
}
