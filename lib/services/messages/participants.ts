import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { conversationParticipants, messages } from "@/db/schema";
import { iso } from "@/lib/services/dto";
import { loadSendFacts } from "@/lib/services/messages/facts";
import { loadParticipants } from "@/lib/services/messages/load";
import { assertMayAdd } from "@/lib/services/messages/rules";
import { renderForStore, storeHtml } from "@/lib/services/content/stored-html";
import type { MessageDto } from "@/lib/validation/messages";
import type { UserSummary } from "@/lib/services/dto";
import type { Viewer } from "@/lib/viewer";

/**
 * POST /api/messages/conversations/{id}/participants (extension): a member adds
 * people to a group (rules.ts `assertMayAdd`: members only, groups only, at most 10, each person's own
 * rules). In one transaction the people join (their read mark at the newest message: what was said
 * before they came is there to read, not unread) and a system line says who added whom; its insert
 * sends the `message` event to every member, the new ones included, so the others' open conversation
 * shows them live. Three statements before the answer: the facts, the transaction's two writes.
 */
export async function addParticipants(
  viewer: Viewer,
  { conversationId, userIds }: { conversationId: number; userIds: number[] },
): Promise<{ conversationId: number; added: UserSummary[]; participants: UserSummary[]; message: MessageDto | null }> {
  const f = await loadSendFacts(viewer, { conversationId }, { userIds });
  const fresh = assertMayAdd(f, userIds);
  let message: MessageDto | null = null;
  if (fresh.length) {
    const ids = fresh.map((p) => p.id);
    const content = `${viewer.username} added ${fresh.map((p) => p.username).join(", ")}`;
    const html = await renderForStore(content);
    const row = await db.transaction(async (tx) => {
      await tx
        .insert(conversationParticipants)
        .values(
          ids.map((userId) => ({
            conversationId,
            userId,
            lastReadMessageId: sql`(select coalesce(max(m.id), 0) from messages m where m.conversation_id = ${conversationId})`,
          })),
        )
        .onConflictDoNothing();
      const [m] = await tx
        .insert(messages)
        .values({ conversationId, senderId: viewer.id, content, event: { type: "members_added", userIds: ids } })
        .returning({ id: messages.id, createdAt: messages.createdAt });
      await storeHtml(tx, "messages", m!.id, html);
      return m!;
    });
    message = {
      id: row.id,
      content,
      sender: f.sender.summary,
      conversationId,
      createdAt: iso(row.createdAt)!,
      replyTo: null,
      reactions: [],
      html,
      event: { type: "members_added", userIds: ids },
    };
  }
  const participants = ((await loadParticipants([conversationId])).get(conversationId) ?? []).map((p) => p.user);
  const added = new Set(fresh.map((p) => p.id));
  return { conversationId, added: participants.filter((p) => added.has(p.id)), participants, message };
}
