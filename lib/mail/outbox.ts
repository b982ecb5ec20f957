import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { mailOutbox } from "@/db/schema";
import { env } from "@/lib/env";

export type MailKind =
  | "verify"
  | "reset"
  | "reply"
  | "mention"
  | "digest"
  | "message"
  | "watched"
  | "followed"
  | "email-change"
  | "email-changed"
  | "backup-failed"
  | "data-export-ready"
  | "account-delete-code";

export type NewMail = {
  kind: MailKind;
  to: string;
  userId?: number | null;
  postId?: number | null;
  data?: Record<string, unknown>;
  /** Mail with the same key is queued once (a second enqueue is ignored). */
  dedupeKey?: string | null;
};

/**
 * Queues mail in the caller's transaction: it is sent by the scheduler after the transaction
 * commits, and never if it rolls back. Returns how many rows were queued (0 for a duplicate key).
 */
export async function enqueueMail(tx: DbOrTx, items: NewMail | NewMail[]): Promise<number> {
  const list = Array.isArray(items) ? items : [items];
  if (!list.length) return 0;
  const rows = await tx
    .insert(mailOutbox)
    .values(
      list.map((m) => ({
        kind: m.kind,
        toAddress: m.to,
        userId: m.userId ?? null,
        postId: m.postId ?? null,
        data: m.data ?? {},
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export type ClaimedMail = {
  id: number;
  kind: MailKind;
  to: string;
  userId: number | null;
  postId: number | null;
  data: Record<string, unknown>;
  attempts: number;
  worker: string;
};

/** How long a claim holds before another process may take the row over (a drainer that died). */
const LEASE_SEC = 300;

/** Mail that is due, or whose sending lease has run out. */
const mailDue = sql`((m.status = 'pending' and m.next_attempt_at <= now()) or (m.status = 'sending' and m.locked_until < now()))`;
/** Whether any mail is due (or its lease has run out): the scheduler's probe before it claims. */
export const mailIsDue = () => sql`exists (select 1 from mail_outbox m where ${mailDue})`;

/**
 * Claims up to `limit` due rows for this drainer in one statement. `FOR UPDATE SKIP LOCKED` keeps
 * concurrent drainers (other processes) off each other's rows, and the status test in the outer
 * WHERE is re-checked after a wait, so a row is claimed by exactly one of them. The pick is a
 * MATERIALIZED CTE: as an `IN (subquery)` the planner may run it more than once, and with SKIP
 * LOCKED each run finds other rows, so one claim could take far more than `limit`.
 */
export async function claimDueMail(limit: number, worker: string = randomUUID()): Promise<ClaimedMail[]> {
  const rows = await rawRows<{
    id: number;
    kind: MailKind;
    to_address: string;
    user_id: number | null;
    post_id: number | null;
    data: unknown;
    attempts: number;
  }>(
    db,
    sql`with picked as materialized (
          select m.id from mail_outbox m where ${mailDue}
          order by m.next_attempt_at, m.id limit ${limit}
          for update skip locked)
        update mail_outbox as m
        set status = 'sending', attempts = m.attempts + 1, claimed_by = ${worker},
            locked_until = now() + make_interval(secs => ${LEASE_SEC})
        from picked
        where m.id = picked.id and ${mailDue}
        returning m.id, m.kind, m.to_address, m.user_id, m.post_id, m.data, m.attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      to: r.to_address,
      userId: r.user_id === null ? null : Number(r.user_id),
      postId: r.post_id === null ? null : Number(r.post_id),
      data: (typeof r.data === "string" ? JSON.parse(r.data) : (r.data ?? {})) as Record<string, unknown>,
      attempts: Number(r.attempts),
      worker,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Seconds before attempt `attempts + 1`: MAIL_RETRY_BASE_SEC doubled per failed attempt, at most 6 hours. */
export function backoffSeconds(attempts: number): number {
  return Math.min(6 * 3600, env().MAIL_RETRY_BASE_SEC * 2 ** Math.max(0, attempts - 1));
}

/** Only the drainer holding the claim may settle a row (a taken-over lease is not overwritten). */
const mine = (m: ClaimedMail) => sql`id = ${m.id} and claimed_by = ${m.worker} and status = 'sending'`;

export async function markSent(m: ClaimedMail, messageId: string): Promise<void> {
  await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, message_id = ${messageId},
    last_error = null where ${mine(m)}`);
}

export async function markCancelled(m: ClaimedMail, reason: string): Promise<void> {
  await db.execute(sql`update mail_outbox set status = 'cancelled', locked_until = null, last_error = ${reason} where ${mine(m)}`);
}

/** A failed attempt: back to pending after the backoff, or `failed` for good after MAIL_MAX_ATTEMPTS. */
export async function markFailed(m: ClaimedMail, error: string): Promise<"retry" | "failed"> {
  const final = m.attempts >= env().MAIL_MAX_ATTEMPTS;
  const delay = backoffSeconds(m.attempts);
  await db.execute(sql`update mail_outbox set
      status = ${final ? "failed" : "pending"}, locked_until = null, last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${delay})
    where ${mine(m)}`);
  return final ? "failed" : "retry";
}

/** Sent and cancelled mail is kept 30 days for the record, then removed. */
export async function pruneOutbox(): Promise<void> {
  await db.execute(sql`delete from mail_outbox where status in ('sent', 'cancelled') and created_at < now() - interval '30 days'`);
}
