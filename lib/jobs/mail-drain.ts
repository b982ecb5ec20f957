/**
 * Mail: composing each kind of queued mail when it is sent, draining the outbox, and the scheduled
 * jobs that queue reply/mention mail for members who are away and the daily/weekly digests.
 */
import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { comments, notifications, posts, users, type UserRole } from "@/db/schema";
import {
  claimDueMail,
  enqueueMail,
  mailIsDue,
  markCancelled,
  markFailed,
  markSent,
  pruneOutbox,
  type ClaimedMail,
  type MailKind,
  type NewMail,
} from "@/lib/mail/outbox";
import { absoluteUrl, unsubscribeUrls } from "@/lib/mail/site";
import { readSiteIdentity } from "@/lib/services/site/identity";
import {
  activityMail,
  dataExportReadyMail,
  deleteCodeMail,
  digestMail,
  emailChangedMail,
  emailChangeMail,
  messageMail,
  resetMail,
  verifyMail,
  type ActivityItem,
  type Footer,
  type RenderedMail,
} from "@/lib/mail/templates";
import { deliver } from "@/lib/mail/transport";
import { shownNameIn } from "@/lib/i18n/deleted-member-text";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";
import { env } from "@/lib/env";
import { canSeePost } from "@/lib/permissions";
import { visibleCategoryWhere } from "@/lib/permissions/category-access";
import { canReadComment } from "@/lib/services/shared/comment-visibility";
import { createDeleteCode, createEmailChangeCode, createResetToken, createVerifyCode } from "@/lib/services/auth/email-codes";
import { messageMailContent } from "@/lib/services/messages/mail";
import { backupFailedMail } from "@/lib/services/backups/mail";
import { dataExportMailContent } from "@/lib/services/accounts/data-export";

type Composed = { mail: RenderedMail; headers: Record<string, string> } | { cancel: string };

/** `site`: the site's name as it is now (lib/services/site/identity.ts), read once per message. */
function footerFor(userId: number, site: string): { footer: Footer; headers: Record<string, string> } {
  const u = unsubscribeUrls(userId);
  return {
    footer: { site, siteUrl: absoluteUrl("/"), settingsUrl: absoluteUrl("/settings/email"), unsubscribeUrl: u.page },
    // RFC 8058 one-click unsubscribe (and RFC 2369's header it extends).
    headers: {
      "List-Unsubscribe": `<${u.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}

/** `locale`: the member's saved language (users.locale), which their mail is written in; null: English. */
type Recipient = { id: number; username: string; email: string; role: UserRole; verified: boolean; mode: string; locale: Locale };

async function recipient(userId: number | null): Promise<Recipient | null> {
  if (userId === null) return null;
  const [r] = await rawRows<{
    id: number;
    username: string;
    email: string;
    role: UserRole;
    verified: boolean;
    mode: string;
    locale: Locale | null;
  }>(
    db,
    sql`select u.id, u.username, u.email, u.role, u.email_verified_at is not null as verified, coalesce(p.mode, 'immediate') as mode,
          u.locale
        from users u left join email_prefs p on p.user_id = u.id where u.id = ${userId}`,
  );
  return r ? { ...r, id: Number(r.id), locale: r.locale ?? DEFAULT_LOCALE } : null;
}

/** Markdown to a short plain excerpt for mail (the full text is on the site). */
export function excerpt(markdown: string, max = 300): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/**
 * Replies and mentions as mail items, only those the member may read now, at send time: on a post they
 * may see, and (for a comment) whose text they may read (comment-visibility.ts: not deleted, and not
 * hidden by flags since the mail was queued unless they are its author or staff).
 */

/** The activity mail a notification type is sent as (the types the mail queue trigger takes, migration 0040). */
const ACTIVITY_KINDS: Record<string, ActivityItem["kind"]> = { MENTION: "mention", WATCHED_POST: "watched", FOLLOWED_POST: "followed" };
const activityKind = (type: string): ActivityItem["kind"] => ACTIVITY_KINDS[type] ?? "reply";

async function activityItems(ids: number[], to: Recipient): Promise<ActivityItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      from: users.username,
      postId: posts.id,
      title: posts.title,
      postContent: posts.content,
      authorId: posts.authorId,
      status: posts.status,
      visibleScope: posts.visibleScope,
      commentId: comments.id,
      commentContent: comments.content,
      commentAuthorId: comments.authorId,
      commentDeleted: comments.deletedAt,
      commentHidden: comments.hiddenAt,
      content: notifications.content,
    })
    .from(notifications)
    .innerJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    // Nothing of a category the recipient may not see (any more): issue 57.
    .where(and(inArray(notifications.id, ids), eq(notifications.userId, to.id), visibleCategoryWhere(to, posts.categoryId)))
    .orderBy(notifications.id);
  const viewer = { id: to.id, username: to.username, role: to.role, scopes: [], via: "token" as const };
  return rows
    .filter(
      (r) =>
        canSeePost(viewer, r) &&
        (r.commentId === null ||
          canReadComment(viewer, { authorId: r.commentAuthorId!, hidden: r.commentHidden !== null, deleted: r.commentDeleted !== null })),
    )
    .map((r) => ({
      kind: activityKind(r.type),
      where: r.type === "WATCHED_POST" ? r.content : null,
      from: r.from ? shownNameIn(r.from, to.locale) : "Someone",
      postTitle: r.title,
      excerpt: excerpt(r.commentContent ?? r.postContent),
      link: absoluteUrl(`/posts/${r.postId}${r.commentId ? `#comment-${r.commentId}` : ""}`),
    }));
}

/** Whether the member has a newer mail of this kind queued or sent since (it replaces this one). */
async function newerMail(m: ClaimedMail, kind: MailKind): Promise<boolean> {
  const [row] = await rawRows<{ id: number }>(
    db,
    sql`select id from mail_outbox where user_id = ${m.userId} and kind = ${kind} and id > ${m.id} and status <> 'cancelled' limit 1`,
  );
  return !!row;
}

type FooterParts = ReturnType<typeof footerFor>;

/** A password reset, to whichever account has the address it was queued for. */
async function composeReset(m: ClaimedMail, site: string): Promise<Composed> {
  // Queued for any address (so the request looks the same either way); only an account gets mail.
  const [u] = await db
    .select({ id: users.id, username: users.username, locale: users.locale })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, m.to.toLowerCase()), eq(users.bot, false)))
    .limit(1);
  if (!u) return { cancel: "no account with this address" };
  const token = await createResetToken(u.id);
  const f = footerFor(u.id, site);
  return {
    mail: resetMail({
      username: u.username,
      link: absoluteUrl(`/reset-password?token=${token}`),
      footer: f.footer,
      locale: u.locale ?? DEFAULT_LOCALE,
    }),
    headers: f.headers,
  };
}

/**
 * Mail about the account itself (address changes, codes, the data export, staff's backup alarm),
 * sent whatever the member's notification settings; null for another kind.
 */
async function composeAccountMail(m: ClaimedMail, to: Recipient, f: FooterParts): Promise<Composed | null> {
  if (m.kind === "email-change") {
    // To the address the member asked for (lib/services/users/email-change.ts); a newer request replaces it.
    const newEmail = String(m.data.newEmail ?? m.to);
    if (await newerMail(m, "email-change")) return { cancel: "a newer address change" };
    const code = await createEmailChangeCode(to.id, newEmail);
    const link = absoluteUrl(`/settings/account?code=${code}`);
    return {
      mail: emailChangeMail({ username: to.username, newEmail, code, link, footer: f.footer, locale: to.locale }),
      headers: f.headers,
    };
  }
  if (m.kind === "email-changed") {
    const oldEmail = String(m.data.oldEmail ?? m.to);
    const newEmail = String(m.data.newEmail ?? to.email);
    const mail = emailChangedMail({
      username: to.username,
      oldEmail,
      newEmail,
      resetUrl: absoluteUrl("/forgot-password"),
      footer: f.footer,
      locale: to.locale,
    });
    return { mail, headers: f.headers };
  }
  if (m.kind === "backup-failed") {
    // Staff mail about the forum itself (lib/services/backups): sent whatever the admin's notification settings.
    const link = absoluteUrl("/admin/backups");
    return {
      mail: backupFailedMail({ username: to.username, error: String(m.data.error ?? ""), link, footer: f.footer, locale: to.locale }),
      headers: f.headers,
    };
  }
  if (m.kind === "data-export-ready") {
    // Asked for by the member (Settings → Your data): sent whatever their notification mail settings say.
    const c = await dataExportMailContent(Number(m.data.exportId));
    if (!c) return { cancel: "export no longer ready" };
    const mail = dataExportReadyMail({
      username: to.username,
      link: absoluteUrl("/settings/data"),
      expiresAt: c.expiresAt,
      footer: f.footer,
      locale: to.locale,
    });
    return { mail, headers: f.headers };
  }
  if (m.kind === "account-delete-code") {
    // Asked for by the member (Settings → Account) to delete the account without a password: sent
    // whatever their mail settings say, verified address or not (the code proves they read it).
    const code = await createDeleteCode(to.id);
    const link = absoluteUrl("/settings/account#delete-account");
    return { mail: deleteCodeMail({ username: to.username, code, link, footer: f.footer, locale: to.locale }), headers: f.headers };
  }
  if (m.kind === "verify") {
    if (to.verified) return { cancel: "already verified" };
    const code = await createVerifyCode(to.id);
    const link = absoluteUrl(`/verify?username=${encodeURIComponent(to.username)}&code=${code}`);
    return { mail: verifyMail({ username: to.username, code, link, footer: f.footer, locale: to.locale }), headers: f.headers };
  }
  return null;
}

/** Notification mail (activity, messages, digests), while the member still wants it in this mode. */
async function composeNotificationMail(m: ClaimedMail, to: Recipient, f: FooterParts): Promise<Composed> {
  if (m.kind === "reply" || m.kind === "mention" || m.kind === "watched" || m.kind === "followed") {
    if (to.mode !== "immediate") return { cancel: `email mode is ${to.mode}` };
    const [item] = await activityItems([Number(m.data.notificationId)], to);
    if (!item) return { cancel: "post or comment not visible" };
    return { mail: activityMail({ username: to.username, item, footer: f.footer, locale: to.locale }), headers: f.headers };
  }
  if (m.kind === "message") {
    // Direct messages (lib/services/messages/mail.ts): nothing if the conversation was read meanwhile.
    if (to.mode !== "immediate") return { cancel: `email mode is ${to.mode}` };
    const c = await messageMailContent(to.id, Number(m.data.conversationId));
    if (!c) return { cancel: "conversation read" };
    const link = absoluteUrl(`/messages/${c.conversationId}`);
    return {
      mail: messageMail({
        username: to.username,
        ...c,
        from: c.from.map((n) => shownNameIn(n, to.locale)),
        excerpt: excerpt(c.excerpt),
        link,
        footer: f.footer,
        locale: to.locale,
      }),
      headers: f.headers,
    };
  }
  if (m.kind === "digest") {
    if (to.mode !== "daily" && to.mode !== "weekly") return { cancel: `email mode is ${to.mode}` };
    const ids = (Array.isArray(m.data.notificationIds) ? m.data.notificationIds : []).map(Number);
    const items = await activityItems(ids, to);
    if (!items.length) return { cancel: "nothing visible to report" };
    const period = m.data.period === "weekly" ? "weekly" : "daily";
    const more = Math.max(0, Number(m.data.more ?? 0));
    return {
      mail: digestMail({
        username: to.username,
        period,
        items,
        more,
        inboxUrl: absoluteUrl("/notifications"),
        footer: f.footer,
        locale: to.locale,
      }),
      headers: f.headers,
    };
  }
  return { cancel: `unknown kind ${m.kind as string}` };
}

/** Builds the message for a claimed row, or says why it should not be sent any more. */
async function compose(m: ClaimedMail): Promise<Composed> {
  // The name as an admin set it now (else SITE_NAME), in every subject and footer.
  const site = (await readSiteIdentity()).name;
  if (m.kind === "reset") return composeReset(m, site);
  const to = await recipient(m.userId);
  if (!to) return { cancel: "member not found" };
  const f = footerFor(to.id, site);
  const account = await composeAccountMail(m, to, f);
  if (account) return account;
  // Notification mail: only to a verified address, and only while the member still wants it.
  if (!to.verified) return { cancel: "address not verified" };
  return composeNotificationMail(m, to, f);
}

export type DrainResult = { sent: number; retried: number; failed: number; cancelled: number };

/**
 * Sends due mail until none is left (or `maxRounds` batches): each batch is claimed with one
 * conditional update, so drainers in several processes never send the same row twice.
 */
export async function drainOutbox(opts: { batch?: number; maxRounds?: number; worker?: string } = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
  const worker = opts.worker ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  for (let round = 0; round < (opts.maxRounds ?? 20); round++) {
    const claimed = await claimDueMail(opts.batch ?? 10, worker);
    if (!claimed.length) break;
    // The batch goes out in parallel over the transport's pooled connections.
    await Promise.all(
      claimed.map(async (m) => {
        try {
          const c = await compose(m);
          if ("cancel" in c) {
            await markCancelled(m, c.cancel);
            result.cancelled++;
            return;
          }
          const sent = await deliver({ to: m.to, ...c.mail, headers: c.headers }, `${m.kind}-${m.id}`);
          await markSent(m, sent.messageId);
          result.sent++;
        } catch (err) {
          const outcome = await markFailed(m, err instanceof Error ? err.message : String(err));
          result[outcome === "retry" ? "retried" : "failed"]++;
        }
      }),
    );
  }
  return result;
}

const g = globalThis as unknown as { __forumMailDrain?: Promise<unknown> | null; __forumMailPruned?: number };
const outboxPruneDue = () => !g.__forumMailPruned || Date.now() - g.__forumMailPruned > 3600_000;

/**
 * The scheduler's outbox job: starts a drain in the background (one at a time per process) and
 * returns at once, so a slow SMTP server never holds up the draws and poll results of the same tick.
 */
export async function kickOutbox(): Promise<number> {
  if (!g.__forumMailDrain) {
    g.__forumMailDrain = drainOutbox()
      .catch((err) => console.error("[mail] drain failed", err))
      .finally(() => {
        g.__forumMailDrain = null;
      });
  }
  if (outboxPruneDue()) {
    g.__forumMailPruned = Date.now();
    await pruneOutbox().catch((err) => console.error("[mail] prune failed", err));
  }
  return 0;
}

/** Resolves when this process's background drain (if any) has finished; for tests and shutdown. */
export async function outboxIdle(): Promise<void> {
  await g.__forumMailDrain;
}

/**
 * Reply and mention mail: takes the notifications queued by the trigger (each taken by one process:
 * DELETE … RETURNING under SKIP LOCKED) and queues a mail for members in `immediate` mode who have
 * not been seen for MAIL_AWAY_MINUTES (the last use of any browser session or token, kept to the minute), all in one transaction.
 */
export async function processReplyMail(limit = 200): Promise<number> {
  const away = env().MAIL_AWAY_MINUTES;
  return db.transaction(async (tx) => {
    const taken = await rawRows<{ notification_id: number }>(
      tx,
      sql`with picked as materialized (
            select notification_id from notification_mail_queue order by notification_id limit ${limit} for update skip locked)
          delete from notification_mail_queue q using picked where q.notification_id = picked.notification_id
          returning q.notification_id`,
    );
    if (!taken.length) return 0;
    const ids = taken.map((t) => Number(t.notification_id));
    const rows = await rawRows<{ id: number; user_id: number; type: string; post_id: number | null; email: string }>(
      tx,
      sql`select n.id, n.user_id, n.type, n.post_id, u.email
          from notifications n
          join users u on u.id = n.user_id
          left join email_prefs p on p.user_id = u.id
          where n.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
            and n.read = false and n.post_id is not null
            and n.created_at > now() - interval '1 day'
            and not exists (select 1 from notification_prefs np where np.user_id = n.user_id and np.type = n.type and not np.enabled)
            and not u.bot and u.email_verified_at is not null
            and coalesce(p.mode, 'immediate') = 'immediate'
            and coalesce(greatest(
                  (select max(s.last_used_at) from user_sessions s where s.user_id = u.id),
                  (select max(t.last_used_at) from api_tokens t where t.user_id = u.id)),
                  '-infinity') < now() - make_interval(mins => ${away})`,
    );
    const mails: NewMail[] = rows.map((r) => ({
      kind: activityKind(r.type),
      to: r.email,
      userId: Number(r.user_id),
      postId: r.post_id === null ? null : Number(r.post_id),
      data: { notificationId: Number(r.id) },
      dedupeKey: `notification:${r.id}`,
    }));
    return enqueueMail(tx, mails);
  });
}

const DIGEST_ITEMS = 20;

/** Members whose daily or weekly digest is due (the FROM and WHERE of the digest query and its probe). */
const digestDue = sql`from email_prefs p join users u on u.id = p.user_id
  where p.mode in ('daily', 'weekly') and u.email_verified_at is not null and not u.bot
    and (p.last_digest_at is null
         or p.last_digest_at <= now() - case when p.mode = 'daily' then interval '1 day' else interval '7 days' end)`;

/**
 * The scheduler's probes (lib/jobs/scheduler.ts): whether a job has anything to do, so an idle
 * tick is one query for all of them. The outbox job also prunes old mail once an hour.
 */
export const digestsDue = () => sql`exists (select 1 ${digestDue})`;
export const replyMailDue = () => sql`exists (select 1 from notification_mail_queue)`;
export const outboxDue = () => (outboxPruneDue() ? true : mailIsDue());

/**
 * Daily and weekly digests of unread replies and mentions since the last one. Each member's digest
 * is claimed by moving `last_digest_at` with a conditional update, so one process sends it.
 */
export async function processDigests(limit = 100): Promise<number> {
  const due = await rawRows<{ user_id: number; mode: "daily" | "weekly"; last: Date | string | null; email: string }>(
    db,
    sql`select p.user_id, p.mode, p.last_digest_at as last, u.email ${digestDue}
        order by p.last_digest_at nulls first limit ${limit}`,
  );
  let queued = 0;
  for (const d of due) {
    const userId = Number(d.user_id);
    const since = d.last ? new Date(d.last) : new Date(Date.now() - (d.mode === "daily" ? 1 : 7) * 86_400_000);
    queued += await db.transaction(async (tx) => {
      const claimed = await rawRows<{ at: Date | string }>(
        tx,
        sql`update email_prefs set last_digest_at = now() where user_id = ${userId} and mode = ${d.mode}
            and last_digest_at is not distinct from ${d.last ? since.toISOString() : null}::timestamptz returning last_digest_at as at`,
      );
      if (!claimed.length) return 0;
      const items = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.read, false),
            inArray(notifications.type, ["COMMENT_REPLY", "MENTION", "WATCHED_POST", "FOLLOWED_POST"]),
            sql`not exists (select 1 from notification_prefs np where np.user_id = ${notifications.userId} and np.type = ${notifications.type} and not np.enabled)`,
            sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
            sql`${notifications.postId} is not null`,
          ),
        )
        .orderBy(notifications.id);
      if (!items.length) return 0;
      const at = new Date(claimed[0]!.at).toISOString();
      return enqueueMail(tx, {
        kind: "digest",
        to: d.email,
        userId,
        data: {
          period: d.mode,
          notificationIds: items.slice(-DIGEST_ITEMS).map((i) => i.id),
          more: Math.max(0, items.length - DIGEST_ITEMS),
        },
        dedupeKey: `digest:${userId}:${at}`,
      });
    });
  }
  return queued;
}
