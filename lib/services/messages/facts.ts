import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, jsonValue, rawRows, type DbOrTx } from "@/db";
import { conversationParticipants, conversations, siteSettings, type UserRole } from "@/db/schema";
import { msg, notFound } from "@/lib/errors";
import { isModerator } from "@/lib/permissions";
import { levelOf } from "@/lib/services/shared/medals";
import { iso, userSummary, type UserSummary } from "@/lib/services/dto";
import type { MessagePolicy } from "@/lib/services/shared/relations";
import type { Viewer } from "@/lib/viewer";

/**
 * Everything the rules of rules.ts ask before a message is sent, a conversation is created or members
 * are added, read in ONE statement (sending under load): the sender (summary and level), the
 * site's message settings, the conversation (by id, or the direct one of two by its key) with the
 * sender's membership, every other member and every person named (`userIds`) with what concerns them
 * and the sender (a block either way, whether they follow the sender, whether they wrote here, a block
 * with a member), and the message replied to. The rules are pure functions over this.
 */

export type Person = {
  id: number;
  username: string;
  role: UserRole;
  policy: MessagePolicy;
  /** A member of the conversation already (false for people only named). */
  member: boolean;
  /** The sender blocked them or they blocked the sender. */
  blocked: boolean;
  /** They follow the sender (their FOLLOWING policy lets the sender in). */
  followsSender: boolean;
  /** They wrote in this conversation of two (they answered: their policy no longer stands between them). */
  wrote: boolean;
  /** Not a member, and a block stands between them and a member (asked when adding people). */
  blockedWithMember: boolean;
};

export type SendFacts = {
  sender: { id: number; staff: boolean; level: number; summary: UserSummary };
  settings: { minLevel: number; staffRead: boolean };
  /**
   * Null when there is no such conversation (or, by key, none yet between the two). `startedBySender`:
   * the sender created it; `othersWrote`: a message (or a system line) by someone else is in it. Either
   * tells whether the sender was brought in (rules.ts `isReplying`).
   */
  conversation: {
    id: number;
    name: string | null;
    directKey: string | null;
    createdAt: string;
    size: number;
    startedBySender: boolean;
    othersWrote: boolean;
  } | null;
  /** The sender's read mark when they are a member, else null. */
  membership: { lastReadMessageId: number } | null;
  /** Everyone in the conversation but the sender, and the people named, by id. */
  people: Person[];
  /** The message replied to, when asked and it is a message of this conversation. */
  replyTo: { id: number; content: string; createdAt: string; sender: UserSummary } | null;
};

type Row = {
  id: number;
  username: string;
  avatar: string | null;
  display_medal: UserSummary["displayMedal"];
  earned_medal: UserSummary["displayMedal"];
  bot: boolean;
  display_name: string | null;
  experience: number;
  min_level: number;
  staff_read: boolean;
  conversation_id: number | null;
  name: string | null;
  direct_key: string | null;
  created_at: Date | string | null;
  size: number | null;
  started_by_sender: boolean | null;
  others_wrote: boolean | null;
  last_read: number | null;
  people: unknown;
  reply_to: unknown;
};

const intArray = (ids: number[]): SQL =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::int[]`
    : sql`array[]::int[]`;

const summaryJson = (u: string) =>
  sql.raw(
    `json_build_object('id', ${u}.id, 'username', ${u}.username, 'avatar', ${u}.avatar, 'displayMedal', ${u}.display_medal, 'earnedMedal', ${u}.earned_medal, 'bot', ${u}.bot, 'displayName', ${u}.display_name)`,
  );

/**
 * The one statement of loadSendFacts: the sender `s` and the site's settings, the conversation `where`
 * picks with the sender's membership, the members and the people `named`, and the message replied to.
 */
function sendFactsQuery(s: number, where: SQL, named: SQL, replyToId: number | null | undefined): SQL {
  return sql`select s.id, s.username, s.avatar, s.display_medal, s.earned_medal, s.bot, s.display_name, s.experience,
        coalesce(ss.message_min_level, 1) as min_level, coalesce(ss.staff_read_messages, false) as staff_read,
        c.id as conversation_id, c.name, c.direct_key, c.created_at,
        (select count(*)::int from conversation_participants q where q.conversation_id = c.id) as size,
        c.created_by_id = s.id as started_by_sender,
        exists (select 1 from messages o where o.conversation_id = c.id and o.sender_id <> s.id) as others_wrote,
        me.last_read_message_id as last_read,
        (select coalesce(json_agg(json_build_object(
            'id', u.id, 'username', u.username, 'role', u.role, 'policy', u.message_policy, 'member', x.member,
            'blocked', exists (select 1 from user_blocks b
              where (b.blocker_id = u.id and b.blocked_id = s.id) or (b.blocker_id = s.id and b.blocked_id = u.id)),
            'followsSender', exists (select 1 from user_follows f where f.follower_id = u.id and f.followee_id = s.id),
            'wrote', c.direct_key is not null and exists (select 1 from messages m where m.conversation_id = c.id and m.sender_id = u.id),
            'blockedWithMember', not x.member and exists (select 1 from conversation_participants p
              join user_blocks b on (b.blocker_id = u.id and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = u.id)
              where p.conversation_id = c.id)
          ) order by u.id), '[]'::json)
          from users u
          cross join lateral (select exists (select 1 from conversation_participants p
            where p.conversation_id = c.id and p.user_id = u.id) as member) x
          where u.id <> s.id and u.id in (
            select p.user_id from conversation_participants p where p.conversation_id = c.id
            union all select unnest(${named}))) as people,
        ${
          replyToId
            ? sql`(select json_build_object('id', r.id, 'content', r.content, 'createdAt', r.created_at, 'sender', ${summaryJson("ru")})
                from messages r join users ru on ru.id = r.sender_id
                where r.id = ${replyToId} and r.conversation_id = c.id)`
            : sql`null::json`
        } as reply_to
      from users s
      left join site_settings ss on ss.id = 1
      left join conversations c on ${where}
      left join conversation_participants me on me.conversation_id = c.id and me.user_id = s.id
      where s.id = ${s}`;
}

function sendFactsOf(viewer: Viewer, row: Row): SendFacts {
  const s = viewer.id;
  const reply = jsonValue<{ id: number; content: string; createdAt: string; sender: Parameters<typeof userSummary>[0] } | null>(
    row.reply_to,
    null,
  );
  return {
    sender: {
      id: s,
      staff: isModerator(viewer),
      level: levelOf(Number(row.experience)).currentLevel,
      summary: userSummary({
        id: Number(row.id),
        username: row.username,
        avatar: row.avatar ?? "",
        displayMedal: row.display_medal,
        earnedMedal: row.earned_medal,
        bot: row.bot,
        displayName: row.display_name,
      }),
    },
    settings: { minLevel: Number(row.min_level), staffRead: row.staff_read === true },
    conversation:
      row.conversation_id === null
        ? null
        : {
            id: Number(row.conversation_id),
            name: row.name,
            directKey: row.direct_key,
            createdAt: iso(row.created_at)!,
            size: Number(row.size ?? 0),
            startedBySender: row.started_by_sender === true,
            othersWrote: row.others_wrote === true,
          },
    membership: row.last_read === null ? null : { lastReadMessageId: Number(row.last_read) },
    people: jsonValue<Person[]>(row.people, []).map((p) => ({ ...p, id: Number(p.id) })),
    replyTo: reply
      ? { id: Number(reply.id), content: reply.content, createdAt: iso(reply.createdAt)!, sender: userSummary(reply.sender) }
      : null,
  };
}

/**
 * The facts for `viewer` about a conversation: by `conversationId`, or by `directKey` (the conversation
 * of two, which may not exist yet; then only the people named are there). One statement.
 */
export async function loadSendFacts(
  viewer: Viewer,
  target: { conversationId: number } | { directKey: string },
  opts: { userIds?: number[]; replyToId?: number | null } = {},
  runner: DbOrTx = db,
): Promise<SendFacts> {
  const s = viewer.id;
  const where = "conversationId" in target ? sql`c.id = ${target.conversationId}` : sql`c.direct_key = ${target.directKey}`;
  const named = intArray([...new Set(opts.userIds ?? [])]);
  const [row] = await rawRows<Row>(runner, sendFactsQuery(s, where, named, opts.replyToId));
  if (!row) throw new Error(`loadSendFacts: no user ${s}`);
  return sendFactsOf(viewer, row);
}

export type Access = {
  conversation: { id: number; name: string | null; directKey: string | null; createdAt: Date };
  /** The viewer's membership; null for staff reading under the site's setting. */
  me: { lastReadMessageId: number } | null;
};

/**
 * A conversation as `viewer` may open it: its participants read it; anyone else gets 404 (its
 * existence is not revealed), except staff when the site lets them read members' messages
 * (`staffRead`, for abuse reports), and only for reading. One query.
 */
export async function conversationAccess(viewer: Viewer, conversationId: number, mode: "read" | "write"): Promise<Access> {
  const [row] = await db
    .select({
      id: conversations.id,
      name: conversations.name,
      directKey: conversations.directKey,
      createdAt: conversations.createdAt,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
      staffRead: sql<boolean>`coalesce((select ${siteSettings.staffReadMessages} from ${siteSettings} where ${siteSettings.id} = 1), false)`,
    })
    .from(conversations)
    .leftJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, viewer.id)),
    )
    .where(eq(conversations.id, conversationId));
  if (!row) throw notFound(msg("conversationNotFound"));
  const conversation = { id: row.id, name: row.name, directKey: row.directKey, createdAt: row.createdAt };
  if (row.lastReadMessageId !== null) return { conversation, me: { lastReadMessageId: row.lastReadMessageId } };
  if (mode === "read" && isModerator(viewer) && row.staffRead === true) return { conversation, me: null };
  throw notFound(msg("conversationNotFound"));
}
