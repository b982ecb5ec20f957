import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { RATE_LIMIT_DEFAULTS, siteSettings, type RateLimitAction } from "@/db/schema";
import { AppError, msg } from "@/lib/errors";

type Result = { count: number; resetAt: Date };

/**
 * Counts one hit on `key` in a fixed window stored in Postgres, so every server process shares it.
 * Throws 429 (with Retry-After and RateLimit-* headers) once `limit` is exceeded.
 */
export async function hitRateLimit(key: string, limit: number, windowSec: number): Promise<void> {
  const r = await bump(key, windowSec, 1);
  if (r.count > limit) throw tooMany(limit, r.resetAt);
}

/** The site_settings columns of an action's limit and window: login → rateLimitLogin, rateLimitLoginWindowSeconds. */
export function rateLimitColumns<A extends RateLimitAction>(action: A) {
  const name = `rateLimit${(action.charAt(0).toUpperCase() + action.slice(1)) as Capitalize<A>}` as const;
  return { limit: name, window: `${name}WindowSeconds` as const };
}

/**
 * Counts one hit on `key` against the site's limit for `action` (set in /admin/settings), read in the
 * same statement as the count: a limit changed by any process applies to the next request, at no
 * query of its own. Throws 429 once the limit is exceeded.
 */
export async function hitSiteRateLimit(key: string, action: RateLimitAction): Promise<void> {
  const [r] = await rawRows<{ count: number; reset_at: string | Date; lim: number }>(db, siteRateLimitHitSql(key, action));
  if (Number(r!.count) > Number(r!.lim)) throw tooMany(Number(r!.lim), new Date(r!.reset_at));
}

/**
 * rateLimitHitSql with the limit and window of `action` read from the settings row (the defaults while
 * there is none), returning `count, reset_at, lim`; for a caller that folds the count into its own write.
 */
export function siteRateLimitHitSql(key: string, action: RateLimitAction, n = 1): SQL {
  const c = rateLimitColumns(action);
  const d = RATE_LIMIT_DEFAULTS[action];
  return sql`
    with lim as (
      select coalesce(max(${siteSettings[c.limit]}), ${d.limit})::int as lim,
             coalesce(max(${siteSettings[c.window]}), ${d.windowSeconds})::int as win
      from ${siteSettings} where ${siteSettings.id} = 1
    )
    insert into rate_limits (key, count, reset_at)
    select ${key}, ${n}, now() + make_interval(secs => lim.win) from lim
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then ${n} else rate_limits.count + ${n} end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at, (select lim from lim) as lim`;
}

/** Throws 429 if `key` is already at its limit, without counting a hit (for "failed attempts" limits). */
export async function checkRateLimit(key: string, limit: number): Promise<void> {
  const [r] = await rawRows<{ count: number; reset_at: string | Date }>(
    db,
    sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`,
  );
  if (r && r.count >= limit) throw tooMany(limit, new Date(r.reset_at));
}

/** Counts a hit without refusing (the caller checked first). */
export async function recordRateLimitHit(key: string, windowSec: number): Promise<void> {
  await bump(key, windowSec, 1);
}

/**
 * Takes back one hit counted by hitRateLimit, while its window lasts: for limits on failed attempts
 * that count each attempt before its work (so a burst at once cannot pass a check before any failure is
 * recorded) and forgive the ones that succeeded.
 */
export async function releaseRateLimitHit(key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * The statement that counts `n` hits on `key` (returning `count, reset_at`), for a caller that folds
 * the count into its own write as a CTE (a direct message is counted and written in one statement).
 */
export function rateLimitHitSql(key: string, windowSec: number, n = 1): SQL {
  return sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${n}, now() + make_interval(secs => ${windowSec}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then ${n} else rate_limits.count + ${n} end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`;
}

async function bump(key: string, windowSec: number, n: number): Promise<Result> {
  const [r] = await rawRows<{ count: number; reset_at: string | Date }>(db, rateLimitHitSql(key, windowSec, n));
  return { count: Number(r!.count), resetAt: new Date(r!.reset_at) };
}

/** The 429 of a limit `limit` that is full until `resetAt` (for a caller counting with rateLimitHitSql). */
export function tooMany(limit: number, resetAt: Date): AppError {
  const retry = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError("rate_limited", msg("rateLimited", { seconds: retry }), { retryAfterSec: retry, limit });
}
