import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import type { Viewer } from "@/lib/viewer";

/**
 * Who is here: `user_visit_days` holds, per member and UTC day, that they were seen
 * and when last. Requests signed with a member's token or browser session record it by themselves
 * (triggers on the minute-throttled last_used_at writes, db/schema/presence.ts); a heartbeat records it
 * for a member whose client sends nothing else for a while.
 */

/** Members seen within this many minutes count as online (OpenIsle's heartbeat key lives 150 s; its client pings every 2 minutes). */
export const ONLINE_MINUTES = 5;

/** The members seen in the last ONLINE_MINUTES (user_visit_days_seen_idx: only the newest entries are read). */
export async function countOnline(): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from user_visit_days where last_seen_at > now() - make_interval(mins => ${ONLINE_MINUTES})`,
  );
  return Number(row?.n ?? 0);
}

/**
 * POST /api/online/heartbeat: the caller is here. Only a signed-in caller counts (OpenIsle's client also
 * sends guests' random ids, and its `userId` parameter names anyone: we go by the credentials). At most
 * one write a minute per member.
 */
export async function recordHeartbeat(viewer: Viewer | null): Promise<void> {
  if (!viewer) return;
  await db.execute(sql`
    insert into user_visit_days (day, user_id, last_seen_at) values ((now() at time zone 'UTC')::date, ${viewer.id}, now())
    on conflict (day, user_id) do update set last_seen_at = excluded.last_seen_at
    where user_visit_days.last_seen_at < excluded.last_seen_at - interval '1 minute'`);
}
