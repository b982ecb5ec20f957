import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { env } from "@/lib/env";
import { assertRole } from "@/lib/permissions";
import type { AdminDashboardDto, DashboardActivityDto, DashboardSeries } from "@/lib/validation/admin-dashboard";
import type { Viewer } from "@/lib/viewer";

/**
 * The staff overview at /admin and GET /api/admin/dashboard: totals, activity over the last
 * 1/7/30 days with a per-day series, what waits for moderation and the state of the mail queue.
 * Moderators see the content and moderation figures; members, sign-ups, presence and mail are the
 * admins' (as the site statistics are, site-stats.ts). Two queries for a moderator, three for an
 * admin, whatever the forum's size; each count reads an index on the column it filters on
 * (posts_created_idx, comments_created_idx, users_created_idx, user_visit_days' key and seen index,
 * flags_status_idx, posts_pending_idx, mail_outbox_status_idx).
 */

const DAYS = 30;
/** Per-day buckets of the series reach this far back; windows are rolling (the last 24 hours, 7 days, 30 days). */
const FROM = sql`now() - interval '30 days'`;
const TODAY = sql`(now() at time zone 'UTC')::date`;

type SeriesRow = { k: DashboardSeries; day: string; n: number; d1: number; d7: number; d30: number };

/** Rows of `table` whose `column` lies in the last 30 days, per UTC day, with the rolling windows' counts. */
const timestamped = (key: DashboardSeries, table: string, column: string, where: string) => sql`
  select ${key}::text as k, to_char((${sql.raw(column)} at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n,
    (count(*) filter (where ${sql.raw(column)} >= now() - interval '1 day'))::int as d1,
    (count(*) filter (where ${sql.raw(column)} >= now() - interval '7 days'))::int as d7,
    count(*)::int as d30
  from ${sql.raw(table)} where ${sql.raw(column)} >= ${FROM} ${sql.raw(where)} group by 2`;

/** Members seen per UTC day (user_visit_days); the windows come from the snapshot (distinct members). */
const seenPerDay = sql`
  select 'active'::text as k, to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n, 0 as d1, 0 as d7, 0 as d30
  from user_visit_days where day > ${TODAY} - ${DAYS}::int group by day`;

/** The last 30 UTC days, oldest first. */
function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: DAYS }, (_, i) => new Date(today - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

/** GET /api/admin/dashboard, /admin: moderators and admins; everyone else 403 (the page answers 404). */
export async function getAdminDashboard(viewer: Viewer | null): Promise<AdminDashboardDto> {
  assertRole(viewer, "MODERATOR");
  const admin = viewer!.role === "ADMIN";
  const adminParts = (s: SQL) => (admin ? s : sql`null`);

  const snapshot = sql`select
      (select count(*)::int from posts where status = 'PUBLISHED') as posts,
      (select count(*)::int from comments where deleted_at is null) as comments,
      (select count(*)::int from flags where status = 'OPEN') as open_flags,
      (select count(distinct (post_id, coalesce(comment_id, 0)))::int from flags where status = 'OPEN') as flagged_items,
      (select min(created_at) from flags where status = 'OPEN') as oldest_flag,
      (select count(*)::int from posts where status = 'PENDING') as pending,
      (select min(created_at) from posts where status = 'PENDING') as oldest_pending,
      ${adminParts(sql`(select count(*)::int from users where not bot)`)} as members,
      ${adminParts(sql`(select count(distinct user_id)::int from user_visit_days where last_seen_at >= now() - interval '1 day')`)} as seen_d1,
      ${adminParts(sql`(select count(distinct user_id)::int from user_visit_days where last_seen_at >= now() - interval '7 days')`)} as seen_d7,
      ${adminParts(sql`(select count(distinct user_id)::int from user_visit_days where last_seen_at >= ${FROM})`)} as seen_d30,
      ${adminParts(sql`(select count(*)::int from mail_outbox where status = 'pending')`)} as mail_pending,
      ${adminParts(sql`(select count(*)::int from mail_outbox where status = 'sending')`)} as mail_sending,
      ${adminParts(sql`(select count(*)::int from mail_outbox where status = 'pending' and last_error is not null)`)} as mail_retrying,
      ${adminParts(sql`(select count(*)::int from mail_outbox where status = 'failed')`)} as mail_failed,
      ${adminParts(sql`(select count(*)::int from mail_outbox where status = 'sent' and sent_at >= now() - interval '1 day')`)} as mail_sent,
      ${adminParts(sql`(select min(created_at) from mail_outbox where status = 'pending')`)} as mail_oldest,
      ${adminParts(sql`(select count(*)::int from notification_mail_queue)`)} as reply_queue,
      now() as now`;
  const parts = [
    timestamped("posts", "posts", "created_at", "and status = 'PUBLISHED'"),
    timestamped("comments", "comments", "created_at", "and deleted_at is null"),
    ...(admin ? [timestamped("signups", "users", "created_at", "and not bot"), seenPerDay] : []),
  ];
  const [[s], rows] = await Promise.all([
    rawRows<Record<string, unknown>>(db, snapshot),
    rawRows<SeriesRow>(db, sql.join(parts, sql` union all `)),
  ]);
  if (!s) throw new Error("dashboard snapshot returned no row");
  const now = new Date(s.now as string | Date);
  const days = lastDays(now);

  const series = (key: DashboardSeries, windows?: [number, number, number]): DashboardActivityDto => {
    const mine = rows.filter((r) => r.k === key);
    const byDay = new Map(mine.map((r) => [r.day, num(r.n)]));
    const sum = (f: "d1" | "d7" | "d30") => mine.reduce((a, r) => a + num(r[f]), 0);
    const [day, week, month] = windows ?? [sum("d1"), sum("d7"), sum("d30")];
    return { key, day, week, month, daily: days.map((date) => ({ date, value: byDay.get(date) ?? 0 })) };
  };

  return {
    generatedAt: now.toISOString(),
    scope: admin ? "ADMIN" : "MODERATOR",
    totals: { members: admin ? num(s.members) : null, posts: num(s.posts), comments: num(s.comments) },
    activity: [
      ...(admin ? [series("signups"), series("active", [num(s.seen_d1), num(s.seen_d7), num(s.seen_d30)])] : []),
      series("posts"),
      series("comments"),
    ],
    moderation: {
      openFlags: num(s.open_flags),
      flaggedItems: num(s.flagged_items),
      oldestFlagAt: iso(s.oldest_flag),
      pendingPosts: num(s.pending),
      oldestPendingAt: iso(s.oldest_pending),
    },
    mail: admin
      ? {
          transport: env().SMTP_URL ? "smtp" : "files",
          pending: num(s.mail_pending),
          sending: num(s.mail_sending),
          retrying: num(s.mail_retrying),
          failed: num(s.mail_failed),
          sentLastDay: num(s.mail_sent),
          oldestPendingAt: iso(s.mail_oldest),
          replyQueue: num(s.reply_queue),
        }
      : null,
  };
}
