import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";
import { env } from "@/lib/env";
import { preparing } from "./prepared-statements";

export type Schema = typeof schema;
export type DB = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the root db or a transaction, so callers decide the transaction boundary. */
export type DbOrTx = DB | Tx;

export type Connection = {
  kind: "postgres" | "pglite";
  db: DB;
  pglite?: PGlite;
  sql?: postgres.Sql;
  /** The direct connection of `directSql()`, once opened. */
  direct?: postgres.Sql;
  close: () => Promise<void>;
};

/** Counts statements sent by this process; tests use it to prove a constant number of queries. */
export const dbStats = { queries: 0 };

const logger = { logQuery: () => void dbStats.queries++ };

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR);
}

/** Where the embedded database lives: `PGLITE_DIR` (e.g. `memory://` in unit tests) or `$DATA_DIR/pglite`. */
export function pgliteDir(): string {
  return env().PGLITE_DIR || path.join(dataDir(), "pglite");
}

function open(): Connection {
  // Read again: the settings of this process as it opens its database (tests set them just before).
  const e = env(true);
  const url = e.DATABASE_URL;
  if (url) {
    // Behind a transaction-mode pooler (PgBouncer, DATABASE_POOLER=transaction) consecutive statements of one
    // client may run on different server connections: no named prepared statements (the pooler's server
    // connection would not have them), and no startup parameters (PgBouncer refuses unknown ones; set them
    // on the role instead: docs/scaling.md).
    const pooled = e.DATABASE_POOLER === "transaction";
    const sql = postgres(url, {
      prepare: !pooled,
      // …and no pipelining: without prepared statements a parameterized query is described, then bound,
      // and sent behind another query on a busy connection its two halves could reach two server
      // connections of a transaction-mode pooler: it was never answered (60 concurrent reads behind
      // PgBouncer 1.18: 5 hung with every backend idle; the driver alone: 1-7 of 60 groups a round).
      // max_pipeline 0 needs patches/postgres+3.4.9.patch, which lets a BEGIN reserve its connection.
      ...(pooled ? { max_pipeline: 0 } : {}),
      max: e.DATABASE_POOL_SIZE,
      connect_timeout: e.DATABASE_CONNECT_TIMEOUT,
      idle_timeout: 60,
      // Reconnect attempts back off, but never beyond 1 s (the driver's default grows to 20 s), so the
      // server serves again within about a second of the database coming back.
      backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
      onnotice: () => {},
      // No parallel workers for this app's statements by default: they are short and many run at once,
      // and launching a worker costs more than the work (the participants of 20 posts: 0.3 ms of work,
      // 5-20 ms waiting for the worker at 1M posts). Set it per role or database to change it.
      // (A string: the driver leaves out startup parameters whose value is falsy, such as the number 0.)
      // JIT is off for the same reason: a misestimated row count (a word prefix in 10.8M comments) put a
      // 6 ms search above jit_above_cost and added 165 ms of compiling.
      ...(pooled ? {} : { connection: { max_parallel_workers_per_gather: "0", jit: "off" } }),
    });
    // Queries with parameters as named prepared statements, so Postgres reuses their plans
    // (db/prepared-statements.ts); not behind a transaction-mode pooler (DATABASE_POOLER).
    if (!pooled) preparing(sql);
    const db = drizzlePostgres(sql, { schema, casing: "snake_case", logger }) as unknown as DB;
    const conn: Connection = {
      kind: "postgres",
      db,
      sql,
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), conn.direct?.end({ timeout: 5 })]);
      },
    };
    return conn;
  }
  const dir = pgliteDir();
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // pg_trgm backs substring and typo search (migration 0006 creates the extension).
  const pglite = new PGlite(dir, {
    extensions: { pg_trgm },
    ...(g.__forumPgliteStart && dir.startsWith("memory://") ? { loadDataDir: g.__forumPgliteStart } : {}),
  });
  const db = drizzlePglite(pglite, { schema, casing: "snake_case", logger }) as unknown as DB;
  return { kind: "pglite", db, pglite, close: () => pglite.close() };
}

const g = globalThis as unknown as { __forumDb?: Connection; __forumPgliteStart?: Blob };

/**
 * A database in memory starts as a copy of `dump` (PGlite's `dumpDataDir()` of a migrated, empty
 * database) instead of running initdb and every migration: each test file gets its own database, and
 * the copy takes a fraction of the time (tests/global-setup.ts makes the dump once per run).
 */
export function startEmbeddedFrom(dump: Blob): void {
  g.__forumPgliteStart = dump;
}

/** The one connection of this process, opened on first use (kept on globalThis across dev reloads). */
export function connection(): Connection {
  if (!g.__forumDb) g.__forumDb = open();
  return g.__forumDb;
}

/** Where to reach the primary itself, not a pooler in front of it: DATABASE_DIRECT_URL, else DATABASE_URL. */
export const directUrl = (): string | undefined => env().DATABASE_DIRECT_URL || env().DATABASE_URL;

/**
 * A connection straight to the primary for what a transaction-mode pooler cannot carry: LISTEN (the live
 * events' listener, lib/live/events.ts). The pool's own `sql` without DATABASE_DIRECT_URL.
 */
export function directSql(): postgres.Sql {
  const c = connection();
  if (!c.sql) throw new Error("directSql: the embedded database has no server connection");
  const e = env();
  if (!e.DATABASE_DIRECT_URL) return c.sql;
  c.direct ??= postgres(e.DATABASE_DIRECT_URL, {
    max: 1,
    connect_timeout: e.DATABASE_CONNECT_TIMEOUT,
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
    onnotice: () => {},
  });
  return c.direct;
}

/** Deadlock and serialization failures abort the whole transaction, so running it again is safe. */
const RETRYABLE = new Set(["40P01", "40001"]);
const MAX_TX_ATTEMPTS = 4;

function retryingTransaction(real: DB): DB["transaction"] {
  return (async (fn: Parameters<DB["transaction"]>[0], config?: Parameters<DB["transaction"]>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await real.transaction(fn, config);
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (!code || !RETRYABLE.has(code) || attempt >= MAX_TX_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as DB["transaction"];
}

export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    const real = connection().db as unknown as Record<string | symbol, unknown>;
    if (prop === "transaction") return retryingTransaction(real as unknown as DB);
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export async function closeDb(): Promise<void> {
  const c = g.__forumDb;
  g.__forumDb = undefined;
  if (c) await c.close();
}

export { schema };

/** A json/jsonb value from a raw row: parsed already by postgres.js, possibly text elsewhere; null → `empty`. */
export function jsonValue<T>(v: unknown, empty: T): T {
  if (v === null || v === undefined) return empty;
  return typeof v === "string" ? (JSON.parse(v) as T) : (v as T);
}

/**
 * A statement built once and run with a new value for one of its parameters each time, whichever
 * driver is underneath: for the hottest query (the pages' version batch, sent every few page hits),
 * where building the SQL object through drizzle again each time cost a third of sending it.
 * `build(value)` gives the statement with `value` as one of its parameters; the other parameters and
 * the text are kept from the first call.
 */
export function reusableStatement<T>(build: (value: string) => import("drizzle-orm").SQL): (value: string) => Promise<T[]> {
  const SLOT = "\u0000value\u0000";
  let compiled: { text: string; params: unknown[]; at: number } | undefined;
  return async (value) => {
    if (!compiled) {
      const q = new PgDialect().sqlToQuery(build(SLOT));
      compiled = { text: q.sql, params: q.params, at: q.params.indexOf(SLOT) };
      if (compiled.at < 0) throw new Error("reusableStatement: the value is not a parameter of the statement");
    }
    const params = [...compiled.params];
    params[compiled.at] = value;
    const c = connection();
    dbStats.queries++;
    if (c.sql) return (await c.sql.unsafe(compiled.text, params as never)) as unknown as T[];
    return (await c.pglite!.query<T>(compiled.text, params)).rows;
  };
}

/** Runs raw SQL and returns its rows, whichever driver is underneath (their result shapes differ). */
export async function rawRows<T>(runner: DbOrTx, query: import("drizzle-orm").SQL): Promise<T[]> {
  const res = (await runner.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}
