import "server-only";
import { and, eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { messages } from "@/db/schema";
import { badRequest } from "@/lib/errors";
import { env } from "@/lib/env";
import { hitRateLimit } from "@/lib/limits/rate-limit";
import { directConversation, findDirectConversation, otherMembers } from "@/lib/services/messages/conversations";
import { selectMessages, toMessageDtos } from "@/lib/services/messages/load";
import {
  assertMayMessage,
  assertMayWriteInGroup,
  conversationAccess,
  experienceOf,
  hasWritten,
  loadMembers,
  messageSettings,
} from "@/lib/services/messages/rules";
import type { MessageDto } from "@/lib/validation/messages";
import type { Viewer } from "@/lib/viewer";

type NewMessage = { content: string; replyToId?: number | null };

/** Per sender, across every process (the Postgres rate limiter): RATE_LIMIT_MESSAGES per RATE_LIMIT_WINDOW_SEC. */
async function countSend(viewer: Viewer): Promise<void> {
  const e = env();
  await hitRateLimit(`message:${viewer.id}`, e.RATE_LIMIT_MESSAGES, e.RATE_LIMIT_WINDOW_SEC);
}

/**
 * Writes the message. The trigger `messages_events` moves the conversation's last message, marks the
 * other members' mail pending and sends the `message` event to the members, all in this transaction.
 */
async function insertMessage(tx: DbOrTx, conversationId: number, senderId: number, input: NewMessage): Promise<number> {
  if (input.replyToId) {
    const [target] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, input.replyToId), eq(messages.conversationId, conversationId)));
    if (!target) throw badRequest("replyToId is not a message of this conversation", "replyToId");
  }
  const [row] = await tx
    .insert(messages)
    .values({ conversationId, senderId, content: input.content, replyToId: input.replyToId ?? null })
    .returning({ id: messages.id });
  return row!.id;
}

async function messageDto(id: number): Promise<MessageDto> {
  return (await toMessageDtos(await selectMessages(eq(messages.id, id))))[0]!;
}

/** POST /api/messages (OpenIsle): a message to one member, in the conversation of the two (created if need be). */
export async function sendMessage(viewer: Viewer, input: NewMessage & { recipientId: number }): Promise<MessageDto> {
  if (input.recipientId === viewer.id) throw badRequest("You cannot message yourself", "recipientId");
  const [[recipient], settings, experience, existing] = await Promise.all([
    loadMembers([input.recipientId]),
    messageSettings(),
    experienceOf(viewer.id),
    findDirectConversation(viewer.id, input.recipientId),
  ]);
  await assertMayMessage(viewer, experience, recipient!, {
    minLevel: settings.minLevel,
    answered: existing !== null && (await hasWritten(existing, recipient!.id)),
  });
  await countSend(viewer);
  const id = await db.transaction(async (tx) =>
    insertMessage(tx, await directConversation(tx, viewer.id, recipient!.id, viewer.id), viewer.id, input),
  );
  return messageDto(id);
}

/**
 * POST /api/messages/conversations/{id}/messages: members only (anyone else 404). With two members the
 * rules of rules.ts apply to the other one at every message; in a group the policies applied when each
 * member was added, while blocks and the level rule apply at every message.
 */
export async function sendToConversation(viewer: Viewer, conversationId: number, input: NewMessage): Promise<MessageDto> {
  const access = await conversationAccess(viewer, conversationId, "write");
  const [others, settings, experience] = await Promise.all([
    otherMembers(conversationId, viewer.id).then((ids) => loadMembers(ids)),
    messageSettings(),
    experienceOf(viewer.id),
  ]);
  if (access.conversation.directKey !== null) {
    for (const other of others) {
      await assertMayMessage(viewer, experience, other, {
        minLevel: settings.minLevel,
        answered: await hasWritten(conversationId, other.id),
      });
    }
  } else {
    await assertMayWriteInGroup(viewer, experience, others, settings.minLevel);
  }
  await countSend(viewer);
  return messageDto(await db.transaction((tx) => insertMessage(tx, conversationId, viewer.id, input)));
}
