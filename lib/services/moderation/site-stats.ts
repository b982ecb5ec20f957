import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { assertRole } from "@/lib/permissions";
import type { StatsPointDto } from "@/lib/validation/openisle/site";
import type { Viewer } from "@/lib/viewer";

/**
 * The site statistics of OpenIsle's about/stats page (its StatController, admins
 * only): per UTC day, the members seen (daily active users, from user_visit_days: see
 * users/presence.ts), new members, new posts and new comments. Every day of the range is present, 0 when
 * nothing happened, oldest first. One query each.
 */

export type StatsSeries = "dau" | "new-users" | "posts" | "comments";

/** Per day in [start, today]: the rows `table` has whose `column` falls on that UTC day. */
function perDay(days: number, counted: SQL): SQL {
  return sql`with range as (
      select ((now() at time zone 'UTC')::date - ${days - 1}::int) as first, (now() at time zone 'UTC')::date as last
    ), counts as (${counted})
    select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.n, 0)::int as value
    from range, generate_series(range.first::timestamp, range.last::timestamp, interval '1 day') d
    left join counts c on c.day = d::date
    order by d`;
}

const since = (days: number) => sql`((now() at time zone 'UTC')::date - ${days - 1}::int)`;
/** Timestamps from the first day of the range on, grouped by their UTC day. */
const byDay = (table: string, column: string, days: number) =>
  sql`select (${sql.raw(column)} at time zone 'UTC')::date as day, count(*) as n from ${sql.raw(table)}
      where ${sql.raw(column)} >= ${since(days)}::timestamp at time zone 'UTC' group by 1`;

const SERIES: Record<StatsSeries, (days: number) => SQL> = {
  // user_visit_days' key starts with the day.
  dau: (days) => sql`select day, count(*) as n from user_visit_days where day >= ${since(days)} group by day`,
  "new-users": (days) => byDay("users", "created_at", days),
  posts: (days) => byDay("posts", "created_at", days),
  comments: (days) => byDay("comments", "created_at", days),
};

/** GET /api/stats/{dau,new-users,posts,comments}-range?days= (admins). */
export async function statsRange(viewer: Viewer | null, { series, days }: { series: StatsSeries; days: number }): Promise<StatsPointDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await rawRows<{ date: string; value: number }>(db, perDay(days, SERIES[series](days)));
  return rows.map((r) => ({ date: r.date, value: Number(r.value) }));
}

/** GET /api/stats/dau?date= (admins): the members seen on that UTC day (default today). */
export async function dailyActiveUsers(viewer: Viewer | null, { date }: { date?: string }): Promise<{ dau: number }> {
  assertRole(viewer, "ADMIN");
  const day = date ? sql`${date}::date` : sql`(now() at time zone 'UTC')::date`;
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from user_visit_days where day = ${day}`);
  return { dau: Number(row?.n ?? 0) };
}
