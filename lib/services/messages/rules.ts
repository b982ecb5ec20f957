import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { conversationParticipants, conversations, messages, users, type UserRole } from "@/db/schema";
import { forbidden, notFound } from "@/lib/errors";
import { isModerator } from "@/lib/permissions";
import { levelOf } from "@/lib/services/points/points";
import { readSettings } from "@/lib/services/moderation/site-settings";
import { follows, isBlocked } from "@/lib/services/social/relations";
import type { Viewer } from "@/lib/viewer";

/**
 * Who may message whom (issue 48), asked before every conversation is created and every message is
 * sent. In this order, each with its own answer:
 * 1. a block either way: nobody writes to a member who blocked them or whom they blocked;
 * 2. members below the site's level (site_settings.message_min_level) may message staff only (spam);
 * 3. the recipient's message policy (EVERYONE / FOLLOWING: people the recipient follows / NOBODY);
 *    staff may always message, and a recipient who wrote in the conversation has answered already.
 */

export type Member = { id: number; username: string; role: UserRole; experience: number; policy: "EVERYONE" | "FOLLOWING" | "NOBODY" };

const memberColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  experience: users.experience,
  policy: users.messagePolicy,
};

/** Members by id, one query (404 "Recipient not found" when one is missing). */
export async function loadMembers(ids: number[], runner: DbOrTx = db): Promise<Member[]> {
  if (!ids.length) return [];
  const rows = await runner.select(memberColumns).from(users).where(inArray(users.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound("Recipient not found");
  return rows;
}

const isStaffRole = (role: UserRole) => role === "MODERATOR" || role === "ADMIN";

/**
 * Throws 403 when `sender` may not write to `recipient`. `answered`: the recipient wrote in the
 * conversation (so their policy no longer stands between them); `joining`: being added to a group
 * (the policy applies once, when they are added).
 */
export async function assertMayMessage(
  sender: Viewer,
  senderExperience: number,
  recipient: Member,
  opts: { answered?: boolean; minLevel: number },
): Promise<void> {
  if (await isBlocked(sender.id, recipient.id)) {
    throw forbidden(`You cannot message ${recipient.username}: one of you has blocked the other`);
  }
  const staff = isModerator(sender);
  if (!staff && !isStaffRole(recipient.role) && levelOf(senderExperience).currentLevel < opts.minLevel) {
    throw forbidden(`Members below level ${opts.minLevel} may message staff only; take part in the forum a little first`);
  }
  if (staff || opts.answered) return;
  if (recipient.policy === "NOBODY") throw forbidden(`${recipient.username} does not accept messages`);
  if (recipient.policy === "FOLLOWING" && !(await follows(recipient.id, sender.id))) {
    throw forbidden(`${recipient.username} accepts messages only from people they follow`);
  }
}

/**
 * A message in a group: no block between the sender and any member, and a sender below the site's
 * level writes only where every other member is staff.
 */
export async function assertMayWriteInGroup(sender: Viewer, senderExperience: number, others: Member[], minLevel: number): Promise<void> {
  for (const other of others) {
    if (await isBlocked(sender.id, other.id)) {
      throw forbidden(`You cannot write here: you and ${other.username} have blocked one another`);
    }
  }
  const staffOnly = others.every((m) => isStaffRole(m.role));
  if (!isModerator(sender) && !staffOnly && levelOf(senderExperience).currentLevel < minLevel) {
    throw forbidden(`Members below level ${minLevel} may message staff only; take part in the forum a little first`);
  }
}

/** The experience of the sender (for the level rule), one query. */
export async function experienceOf(userId: number): Promise<number> {
  const [u] = await db.select({ experience: users.experience }).from(users).where(eq(users.id, userId));
  return u?.experience ?? 0;
}

/** The site's message settings. */
export async function messageSettings(): Promise<{ minLevel: number; staffRead: boolean }> {
  const s = await readSettings();
  return { minLevel: s.messageMinLevel, staffRead: s.staffReadMessages };
}

export type Access = {
  conversation: { id: number; name: string | null; directKey: string | null; createdAt: Date };
  /** The viewer's membership; null for staff reading under the site's setting. */
  me: { lastReadMessageId: number } | null;
};

/**
 * A conversation as `viewer` may open it: its participants read it; anyone else gets 404 (its
 * existence is not revealed), except staff when the site lets them read members' messages
 * (`staffRead`, for abuse reports), and only for reading.
 */
export async function conversationAccess(viewer: Viewer, conversationId: number, mode: "read" | "write"): Promise<Access> {
  const [row] = await db
    .select({
      id: conversations.id,
      name: conversations.name,
      directKey: conversations.directKey,
      createdAt: conversations.createdAt,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
    })
    .from(conversations)
    .leftJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, viewer.id)),
    )
    .where(eq(conversations.id, conversationId));
  if (!row) throw notFound("Conversation not found");
  const conversation = { id: row.id, name: row.name, directKey: row.directKey, createdAt: row.createdAt };
  if (row.lastReadMessageId !== null) return { conversation, me: { lastReadMessageId: row.lastReadMessageId } };
  if (mode === "read" && isModerator(viewer) && (await messageSettings()).staffRead) return { conversation, me: null };
  throw notFound("Conversation not found");
}

/** Whether `userId` has written in the conversation (their policy was answered by themselves). */
export async function hasWritten(conversationId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, userId)))
    .limit(1);
  return rows.length > 0;
}
