import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import postgres from "postgres";
import { env } from "@/lib/env";
import { connection, directUrl, type Connection } from "./index";

/** Where the migrations are read from: MIGRATIONS_DIR, else ./db/migrations. */
export const migrationsFolder = (): string =>
  path.resolve(/*turbopackIgnore: true*/ env().MIGRATIONS_DIR || path.join(process.cwd(), "db/migrations"));
const g = globalThis as unknown as { __forumMigratedBy?: WeakMap<Connection, Promise<void>> };
const migrated = (g.__forumMigratedBy ??= new WeakMap());

/**
 * Applies pending migrations once per connection of this process (a connection closed with closeDb and
 * opened again, as the test harness does, is migrated again); on a server, an advisory lock keeps
 * processes from racing.
 */
export function ensureMigrated(): Promise<void> {
  const conn = connection();
  let done = migrated.get(conn);
  if (!done) {
    done = run(conn).catch((err) => {
      migrated.delete(conn);
      throw err;
    });
    migrated.set(conn, done);
  }
  return done;
}

async function run(conn: Connection): Promise<void> {
  if (conn.kind === "pglite") {
    await migratePglite(conn.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolder() });
    return;
  }
  // One dedicated connection, so the advisory lock and the migration share a session.
  // Straight to the primary (DATABASE_DIRECT_URL) when DATABASE_URL is a transaction-mode pooler: a
  // session's advisory lock needs the session.
  const single = postgres(directUrl()!, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
  });
  try {
    await single`select pg_advisory_lock(727274)`;
    await migratePostgres(drizzlePostgres(single), { migrationsFolder: migrationsFolder() });
  } finally {
    await single`select pg_advisory_unlock(727274)`.catch(() => {});
    await single.end({ timeout: 5 });
  }
}
