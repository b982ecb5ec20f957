import "server-only";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { connection, db, dbStats, type DB } from "./index";
import { env } from "@/lib/env";
import { preparing } from "./prepared-statements";
import * as schema from "./schema";

/**
 * Read replicas (DATABASE_REPLICA_URLS): streaming standbys of the primary that take the public reads a
 * service marks as allowed to be a little stale. Nothing here decides per request: the edge resolves a
 * `ReadFrom` for the caller (lib/api/read-from.ts: "primary" while a member's last write has not been
 * replayed everywhere) and the service passes it to `readDb()`. Writes, transactions and every read that
 * decides a write use `db` (the primary) as before.
 *
 * Each process polls every REPLICA_POLL_MS: the primary's `pg_current_wal_insert_lsn()` and each replica's
 * `pg_last_wal_replay_lsn()`. A replica's lag is the age of the oldest primary position it has not
 * replayed yet (0 when it has replayed the newest). A replica that lags more than REPLICA_MAX_LAG_MS, or
 * whose poll fails, takes no reads until a poll finds it caught up again. A read that fails on a replica
 * because the replica is unreachable (stopped, restarting) or cancelled by recovery runs again on the
 * primary and takes the replica out at once, so callers never see a replica go away.
 */
export type ReadFrom = "primary" | "replica";

type Replica = {
  url: string;
  sql: postgres.Sql;
  /** The replica's own `unsafe`, without the fallback to the primary (the poller must reach the replica itself). */
  raw: postgres.Sql["unsafe"];
  db: DB;
  healthy: boolean;
  /** Replayed WAL position, as a number (see `lsnValue`); -1 before the first poll. */
  replayed: bigint;
  lagMs: number;
  error: string | null;
  reads: number;
  fallbacks: number;
};

type State = {
  replicas: Replica[];
  /** Primary WAL positions with the time they were seen (oldest first), for the lag of each replica. */
  samples: { at: number; lsn: bigint }[];
  timer?: ReturnType<typeof setInterval>;
  next: number;
  polling?: Promise<void>;
};

const g = globalThis as unknown as { __forumReplicas?: State };

/** `X/Y` (two hex halves of a 64-bit WAL position) as a number that compares like the position. */
export function lsnValue(lsn: string | null | undefined): bigint {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn ?? "");
  if (!m) return -1n;
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

export const replicaUrls = (): string[] =>
  env()
    .DATABASE_REPLICA_URLS.split(",")
    .map((u) => u.trim())
    .filter(Boolean);

const maxLagMs = () => env().REPLICA_MAX_LAG_MS;
const pollMs = () => env().REPLICA_POLL_MS;

/** Errors after which a read is run again on the primary: the replica cannot answer now, or recovery cancelled it. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);
function replicaCannotAnswer(err: unknown): boolean {
  const e = err as { code?: string; severity?: string };
  if (!e || typeof e !== "object") return false;
  if (e.code && UNREACHABLE.has(e.code)) return true;
  // 57P01-57P03: shutting down / cannot connect now; 40001 on a standby: canceled by conflict with recovery.
  if (e.code === "57P01" || e.code === "57P02" || e.code === "57P03" || e.code === "40001") return true;
  return e.severity === "FATAL";
}

type Pending = { values: () => Promise<unknown>; then: Promise<unknown>["then"] };

/**
 * Makes a replica's `unsafe` (what Drizzle sends every statement through) fall back to the primary's when
 * the replica cannot answer. Statements only: a replica's db is never used for a transaction.
 */
function fallingBack(r: Replica): void {
  const own = r.sql.unsafe.bind(r.sql);
  r.raw = own;
  r.sql.unsafe = ((query: string, args?: unknown[], options?: Record<string, unknown>) => {
    const run = (values: boolean) => {
      const primary = () => {
        const q = connection().sql!.unsafe(query, args as never, options as never);
        return values ? q.values() : q;
      };
      const q = own(query, args as never, options as never);
      return Promise.resolve(values ? q.values() : q).then(
        (rows) => (r.reads++, rows),
        (err) => {
          if (!replicaCannotAnswer(err)) throw err;
          r.healthy = false;
          r.fallbacks++;
          r.error = String((err as Error).message ?? err);
          return primary();
        },
      );
    };
    const pending: Pending = {
      values: () => run(true),
      then: (ok, fail) => run(false).then(ok, fail),
    };
    return pending;
  }) as unknown as typeof r.sql.unsafe;
}

function open(url: string): Replica {
  const e = env();
  const pooled = e.DATABASE_POOLER === "transaction";
  const sql = postgres(url, {
    max: e.DATABASE_REPLICA_POOL_SIZE ?? e.DATABASE_POOL_SIZE,
    connect_timeout: 2,
    idle_timeout: 60,
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
    onnotice: () => {},
    prepare: !pooled,
    // No pipelining behind a transaction-mode pooler (db/index.ts says why).
    ...(pooled ? { max_pipeline: 0 } : {}),
    ...(pooled ? {} : { connection: { max_parallel_workers_per_gather: "0", jit: "off" } }),
  });
  if (!pooled) preparing(sql);
  const r: Replica = {
    url,
    sql,
    raw: sql.unsafe,
    db: undefined as unknown as DB,
    healthy: false,
    replayed: -1n,
    lagMs: 0,
    error: "not polled yet",
    reads: 0,
    fallbacks: 0,
  };
  fallingBack(r);
  const logger = { logQuery: () => void dbStats.queries++ };
  r.db = drizzlePostgres(sql, { schema, casing: "snake_case", logger }) as unknown as DB;
  return r;
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(Object.assign(new Error("poll timed out"), { code: "ETIMEDOUT" })), ms).unref()),
  ]);

async function poll(s: State): Promise<void> {
  const primary = connection().sql;
  if (!primary) return;
  const now = Date.now();
  const timeout = Math.max(1000, maxLagMs());
  try {
    const [row] = await withTimeout(primary.unsafe<{ lsn: string }[]>("select pg_current_wal_insert_lsn()::text as lsn"), timeout);
    const lsn = lsnValue(row?.lsn);
    const last = s.samples.at(-1);
    if (!last || lsn > last.lsn) s.samples.push({ at: now, lsn });
  } catch {
    // The primary is away: keep the replicas as they were (the reads that reach them are still fine).
    return;
  }
  // Positions older than the lag bound are only needed to say "more than the bound"; keep one of them.
  while (s.samples.length > 2 && s.samples[1]!.at < now - maxLagMs() * 2 - 1000) s.samples.shift();
  await Promise.all(
    s.replicas.map(async (r) => {
      try {
        const [row] = await withTimeout(r.raw<{ lsn: string | null }[]>("select pg_last_wal_replay_lsn()::text as lsn"), timeout);
        // A primary answers null: it is no replica, and takes no reads meant for one.
        if (!row?.lsn) throw new Error("not a standby (pg_last_wal_replay_lsn() is null)");
        r.replayed = lsnValue(row.lsn);
        const behind = s.samples.find((x) => x.lsn > r.replayed);
        r.lagMs = behind ? Date.now() - behind.at : 0;
        r.error = null;
        r.healthy = r.lagMs <= maxLagMs();
      } catch (err) {
        r.healthy = false;
        r.error = String((err as Error).message ?? err);
      }
    }),
  );
}

/** The replicas of this process, opened and polled from the first call on (none without DATABASE_URL). */
function state(): State {
  if (g.__forumReplicas) return g.__forumReplicas;
  // Read again: the settings of this process as it first reads (tests set them just before).
  const urls = env(true).DATABASE_URL ? replicaUrls() : [];
  const s: State = { replicas: urls.map(open), samples: [], next: 0 };
  g.__forumReplicas = s;
  if (s.replicas.length) {
    const tick = () => {
      if (!s.polling) s.polling = poll(s).finally(() => (s.polling = undefined));
      return s.polling;
    };
    void tick();
    s.timer = setInterval(() => void tick(), pollMs());
    s.timer.unref();
  }
  return s;
}

export const replicasConfigured = (): boolean => state().replicas.length > 0;

/** Starts polling at start-up (lib/startup.ts), so the first reads find the replicas' state known. */
export async function startReplicas(): Promise<void> {
  const s = state();
  if (s.replicas.length) await (s.polling ?? poll(s));
}

/**
 * The database to read from: a healthy replica (round robin) for "replica", else the primary's `db`.
 * Use it for single statements outside transactions only.
 */
export function readDb(from: ReadFrom | undefined): DB {
  if (from !== "replica") return db;
  const s = state();
  const n = s.replicas.length;
  for (let i = 0; i < n; i++) {
    const r = s.replicas[(s.next + i) % n]!;
    if (r.healthy) {
      s.next = (s.next + i + 1) % n;
      return r.db;
    }
  }
  return db;
}

/** Whether every healthy replica has replayed `lsn` (as the last poll saw them): a reader who wrote at `lsn` may read there. */
export function replayedEverywhere(lsn: bigint): boolean {
  return state().replicas.every((r) => !r.healthy || r.replayed >= lsn);
}

/** The primary's WAL position now (after a commit: at least that commit's), or null on PGlite. */
export async function primaryLsn(): Promise<string | null> {
  const sql = connection().sql;
  if (!sql) return null;
  const [row] = await sql.unsafe<{ lsn: string }[]>("select pg_current_wal_insert_lsn()::text as lsn");
  return row?.lsn ?? null;
}

/**
 * Where a shared cache may be filled from, once its version has been read (from the primary): a replica
 * only if every healthy replica has replayed the primary's position read now, after the version, so the
 * entry holds every write that version stands for. Otherwise the primary. One trivial statement per
 * fill (a cache miss), none per hit.
 */
export async function fillFrom(from: ReadFrom | undefined): Promise<ReadFrom> {
  if (from !== "replica" || !replicasConfigured()) return "primary";
  const lsn = await primaryLsn();
  return lsn && replayedEverywhere(lsnValue(lsn)) && state().replicas.some((r) => r.healthy) ? "replica" : "primary";
}

export type ReplicaStatus = {
  url: string;
  healthy: boolean;
  lagMs: number;
  replayed: string;
  error: string | null;
  reads: number;
  fallbacks: number;
};

/** What each replica looks like to this process (passwords left out of the URLs). */
export function replicaStatus(): ReplicaStatus[] {
  return state().replicas.map((r) => ({
    url: r.url.replace(/\/\/[^@/]*@/, "//"),
    healthy: r.healthy,
    lagMs: r.lagMs,
    replayed:
      r.replayed < 0n ? "" : `${(r.replayed >> 32n).toString(16).toUpperCase()}/${(r.replayed & 0xffffffffn).toString(16).toUpperCase()}`,
    error: r.error,
    reads: r.reads,
    fallbacks: r.fallbacks,
  }));
}

export async function closeReplicas(): Promise<void> {
  const s = g.__forumReplicas;
  g.__forumReplicas = undefined;
  if (!s) return;
  if (s.timer) clearInterval(s.timer);
  await Promise.all(s.replicas.map((r) => r.sql.end({ timeout: 5 }).catch(() => {})));
}
