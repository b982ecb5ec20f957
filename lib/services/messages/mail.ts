import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { env } from "@/lib/env";
import { enqueueMail, type NewMail } from "@/lib/mail/outbox";

/**
 * Mail for direct messages: a member who is away (the reply mail's rule: no browser session
 * or token used for MAIL_AWAY_MINUTES), in `immediate` email mode with a verified address, gets ONE
 * mail per conversation with unread messages, until they read it. The trigger on messages marks the
 * other members' `mail_pending_at`; this job claims pending rows (SKIP LOCKED, so one process each),
 * sets `mailed_at` and queues the mail in the same transaction; reading the conversation clears both.
 */

/** Pending for longer than this, a conversation is not mailed about any more (as reply mail: a day). */
const PENDING_HOURS = 24;

const pending = sql`p.mail_pending_at is not null and p.mailed_at is null and p.mail_pending_at > now() - make_interval(hours => ${PENDING_HOURS})`;

/** The scheduler's probe: any conversation waiting for its mail decision. */
export const messageMailDue = () => sql`exists (select 1 from conversation_participants p where ${pending})`;

/** Queues the mail of every away member with unread messages not yet mailed; returns how many were queued. */
export async function processMessageMail(limit = 200): Promise<number> {
  const away = env().MAIL_AWAY_MINUTES;
  return db.transaction(async (tx) => {
    const rows = await rawRows<{ conversation_id: number; user_id: number; email: string; pending_at: Date | string }>(
      tx,
      sql`with picked as materialized (
            select p.conversation_id, p.user_id, u.email from conversation_participants p
            join users u on u.id = p.user_id
            left join email_prefs ep on ep.user_id = u.id
            where ${pending}
              and not u.bot and u.email_verified_at is not null
              and coalesce(ep.mode, 'immediate') = 'immediate'
              and coalesce(greatest(
                    (select max(s.last_used_at) from user_sessions s where s.user_id = u.id),
                    (select max(t.last_used_at) from api_tokens t where t.user_id = u.id)),
                    '-infinity') < now() - make_interval(mins => ${away})
            order by p.mail_pending_at limit ${limit}
            for update of p skip locked)
          update conversation_participants q set mailed_at = now()
          from picked where q.conversation_id = picked.conversation_id and q.user_id = picked.user_id
          returning q.conversation_id, q.user_id, picked.email, q.mail_pending_at as pending_at`,
    );
    const mails: NewMail[] = rows.map((r) => ({
      kind: "message",
      to: r.email,
      userId: Number(r.user_id),
      data: { conversationId: Number(r.conversation_id) },
      dedupeKey: `message:${r.conversation_id}:${r.user_id}:${new Date(r.pending_at).toISOString()}`,
    }));
    return enqueueMail(tx, mails);
  });
}

export type MessageMailContent = { from: string[]; unread: number; excerpt: string; conversationId: number };

/**
 * What the mail says, read when it is sent: null when the member read the conversation meanwhile
 * (or left it), so no mail goes out about messages already seen.
 */
export async function messageMailContent(userId: number, conversationId: number): Promise<MessageMailContent | null> {
  const rows = await rawRows<{ username: string; content: string; n: number }>(
    db,
    sql`select u.username, m.content, count(*) over ()::int as n
        from conversation_participants p
        join messages m on m.conversation_id = p.conversation_id and m.id > p.last_read_message_id and m.sender_id <> p.user_id
        join users u on u.id = m.sender_id
        where p.conversation_id = ${conversationId} and p.user_id = ${userId}
        order by m.id desc limit 5`,
  );
  if (!rows.length) return null;
  return {
    from: [...new Set(rows.map((r) => r.username))],
    unread: Number(rows[0]!.n),
    excerpt: rows[0]!.content,
    conversationId,
  };
}
