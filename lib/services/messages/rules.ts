import "server-only";
import { AppError, badRequest, msg, notFound, type Msg } from "@/lib/errors";
import type { Person, SendFacts } from "@/lib/services/messages/facts";
import { MAX_GROUP_MEMBERS } from "@/lib/validation/message-limits";

/**
 * Who may message whom, as pure functions over the facts of facts.ts (one query), asked
 * before every conversation is created, every message is sent and every member is added. In this
 * order, each with its own answer:
 * 1. a block either way: nobody writes to a member who blocked them or whom they blocked;
 * 2. members below the site's level (site_settings.message_min_level) may START conversations with
 *    staff only (spam), and add staff only; answering in a conversation someone else brought them into
 *    is never refused by it (a new member could not answer a welcome message);
 * 3. the recipient's message policy (EVERYONE / FOLLOWING: people the recipient follows / NOBODY);
 *    staff may always message, and a recipient who wrote in the conversation has answered already.
 * In a group the policies apply when each member is added; blocks at every message, the level rule at
 * every message of a group the sender started and nobody else has written in.
 */

const refuse = (message: Msg) => new AppError("forbidden", message);
const invalid = (message: Msg, field: string) => badRequest(message, field);
const isStaffRole = (role: Person["role"]) => role === "MODERATOR" || role === "ADMIN";

type Sender = SendFacts["sender"];

/** What the rules weigh besides the two people: the site's level; `answered`: the person wrote here already; `starting`: the level rule applies. */
type Circumstances = { minLevel: number; answered: boolean; starting: boolean };

/**
 * The sender is answering, not starting: they are a member of this conversation, and someone else
 * started it or has written in it. The level rule is for starting conversations only.
 */
export function isReplying(f: SendFacts): boolean {
  return !!f.conversation && !!f.membership && (!f.conversation.startedBySender || f.conversation.othersWrote);
}

/** Why `sender` may not write to `person` (null: they may). */
export function refusalToMessage(sender: Sender, person: Person, c: Circumstances): AppError | null {
  if (person.blocked) return refuse(msg("messageBlocked", { username: person.username }));
  if (c.starting && !sender.staff && !isStaffRole(person.role) && sender.level < c.minLevel) {
    return refuse(msg("messageMinLevel", { level: c.minLevel }));
  }
  if (sender.staff || c.answered) return null;
  if (person.policy === "NOBODY") return refuse(msg("noMessages", { username: person.username }));
  if (person.policy === "FOLLOWING" && !person.followsSender) return refuse(msg("messagesFromFollowed", { username: person.username }));
  return null;
}

/** Why `sender` may not write in a group with `others` (null: they may): no block with any member; when `starting`, the level rule unless all are staff. */
export function refusalInGroup(sender: Sender, others: Person[], minLevel: number, starting: boolean): AppError | null {
  const blocked = others.find((o) => o.blocked);
  if (blocked) return refuse(msg("conversationBlocked", { username: blocked.username }));
  const staffOnly = others.every((m) => isStaffRole(m.role));
  if (starting && !sender.staff && !staffOnly && sender.level < minLevel) {
    return refuse(msg("messageMinLevel", { level: minLevel }));
  }
  return null;
}

/**
 * A message in an existing conversation: the sender is a member (anyone else 404: its existence is not
 * revealed); with two members the rules apply to the other one at every message, in a group the group
 * rule; `replyToId` must be a message of this conversation. Returns the conversation's id.
 */
export function assertMaySend(f: SendFacts, replyToId: number | null | undefined): number {
  if (!f.conversation || !f.membership) throw notFound(msg("conversationNotFound"));
  const others = f.people.filter((p) => p.member);
  const starting = !isReplying(f);
  const minLevel = f.settings.minLevel;
  const refusal =
    f.conversation.directKey !== null
      ? others.map((o) => refusalToMessage(f.sender, o, { minLevel, answered: o.wrote, starting })).find((r) => r !== null)
      : refusalInGroup(f.sender, others, minLevel, starting);
  if (refusal) throw refusal;
  assertReplyTarget(f, replyToId);
  return f.conversation.id;
}

/**
 * Why the sender may not write to one member in the conversation of the two, whether it exists yet or
 * not (null: they may): what POST /api/messages asks, and what the profile's Message button says
 * before the click (GET /api/users/{name}/relation).
 */
export function refusalToDirect(f: SendFacts, recipient: Person): AppError | null {
  return refusalToMessage(f.sender, recipient, { minLevel: f.settings.minLevel, answered: recipient.wrote, starting: !isReplying(f) });
}

/** A message to one member (POST /api/messages), in their conversation of two whether it exists yet or not. */
export function assertMayMessage(f: SendFacts, recipientId: number, replyToId?: number | null): Person {
  const recipient = f.people.find((p) => p.id === recipientId);
  if (!recipient) throw notFound(msg("recipientNotFound"));
  const refusal = refusalToDirect(f, recipient);
  if (refusal) throw refusal;
  if (replyToId && !f.conversation) throw badRequest(msg("replyToNotInConversation"), "replyToId");
  assertReplyTarget(f, replyToId);
  return recipient;
}

function assertReplyTarget(f: SendFacts, replyToId: number | null | undefined): void {
  if (replyToId && f.replyTo?.id !== replyToId) throw badRequest(msg("replyToNotInConversation"), "replyToId");
}

/** A new conversation with `ids`: every one of them exists and accepts messages from the sender (no one answered yet). */
export function assertMayStart(f: SendFacts, ids: number[]): Person[] {
  const people = ids.map((id) => f.people.find((p) => p.id === id));
  if (people.some((p) => !p)) throw notFound(msg("recipientNotFound"));
  for (const p of people) {
    const refusal = refusalToMessage(f.sender, p!, { minLevel: f.settings.minLevel, answered: false, starting: true });
    if (refusal) throw refusal;
  }
  return people as Person[];
}

/**
 * Adding `ids` to a group: only a member adds (anyone else 404), only to a group
 * (a conversation of two stays the two's), at most MAX_GROUP_MEMBERS in all; each person added must
 * accept messages from the one adding them (their policy, blocks, the level rule, as for a new
 * conversation), and no block may stand between them and a member (the group would stop working for
 * them: every message there is refused across a block). People already in it are left as they are.
 * Returns the people to add.
 */
export function assertMayAdd(f: SendFacts, ids: number[]): Person[] {
  if (!f.conversation || !f.membership) throw notFound(msg("conversationNotFound"));
  if (f.conversation.directKey !== null) {
    throw invalid(msg("groupOnlyAdd"), "userIds");
  }
  const fresh = assertMayStart(f, [...new Set(ids)]).filter((p) => !p.member);
  if (f.conversation.size + fresh.length > MAX_GROUP_MEMBERS) {
    throw invalid(msg("conversationMaxMembers", { max: MAX_GROUP_MEMBERS }), "userIds");
  }
  const split = fresh.find((p) => p.blockedWithMember);
  if (split) throw refuse(msg("cannotBeAdded", { username: split.username }));
  return fresh;
}
