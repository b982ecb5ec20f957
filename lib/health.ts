import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { migrationsFolder } from "@/db/migrate";

export async function checkHealth(): Promise<{ status: "ok" | "degraded"; db: "ok" | "down" }> {
  try {
    await Promise.race([db.execute(sql`select 1`), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000))]);
    return { status: "ok", db: "ok" };
  } catch {
    return { status: "degraded", db: "down" };
  }
}

/** The advisory lock a process holds while it migrates (db/migrate.ts). */
const MIGRATION_LOCK = 727274;

let expectedMigrations: number | null = null;
/** The migrations this build ships (the journal's entries), read once. */
function shippedMigrations(): number {
  if (expectedMigrations === null) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expectedMigrations = journal.entries.length;
  }
  return expectedMigrations;
}

export type Readiness = {
  status: "ready" | "not_ready";
  db: "ok" | "down";
  migrations: { applied: number; expected: number; running: boolean };
};

/**
 * Readiness, for a load balancer or orchestrator (GET /api/ready): the database answers within 3 s, no
 * process holds the migration lock, and every migration of this build is applied. While any of these
 * fails the process should not get traffic; /api/health (liveness) stays 200 as long as it can answer.
 */
export async function checkReady(): Promise<Readiness> {
  let expected = 0;
  try {
    expected = shippedMigrations();
  } catch {
    // No journal beside the build: readiness is the database alone.
  }
  try {
    const rows = (await Promise.race([
      rawRows<{ applied: number; running: boolean }>(
        db,
        sql`select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
          exists(select 1 from pg_locks where locktype = 'advisory' and objid = ${MIGRATION_LOCK} and granted) as running`,
      ),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000).unref()),
    ])) as { applied: number; running: boolean }[];
    const applied = Number(rows[0]?.applied ?? 0);
    const running = !!rows[0]?.running;
    const ready = !running && applied >= expected;
    return { status: ready ? "ready" : "not_ready", db: "ok", migrations: { applied, expected, running } };
  } catch {
    return { status: "not_ready", db: "down", migrations: { applied: 0, expected, running: false } };
  }
}
