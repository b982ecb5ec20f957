import { closeDb, connection } from "@/db";
import { ensureMigrated } from "@/db/migrate";
import { registerCacheListeners } from "@/lib/cache/listeners";
import { authSecret } from "@/lib/auth-secret";
import { env, parseRateLimitList, retiredSettings, settingProblems } from "@/lib/env";

let dying = false;

/** Logs why the process cannot go on, closes the database within 3 s and exits with status 1. */
export function fatal(reason: string, err: unknown): void {
  console.error(`[forum] fatal: ${reason}; the process exits`, err);
  if (dying) return;
  dying = true;
  setTimeout(() => process.exit(1), 3000).unref();
  closeDb()
    .catch((e) => console.error("[forum] closing the database failed", e))
    .finally(() => process.exit(1));
}

const g = globalThis as unknown as { __forumStarted?: boolean };

/**
 * Runs once per server process (from instrumentation.ts, as Next.js prepares; server.ts puts the HTTP
 * front before it): the read caches' listener, migrations, demo content on a new embedded database, the scheduler for draws and poll
 * results, and a graceful close of the database on SIGTERM/SIGINT.
 */
export async function startup(): Promise<void> {
  if (g.__forumStarted) return;
  g.__forumStarted = true;
  // server.ts checks the settings before it binds a port; `next start`/`next dev` get here first.
  const problems = settingProblems(process.env);
  if (problems.length) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  for (const line of retiredSettings(process.env)) console.warn(`[forum] ${line}`);
  // Before anything can write (the demo seed, the scheduler, the first request): every announced write
  // stamps the caches' versions (lib/cache/README.md).
  registerCacheListeners();
  const t0 = Date.now();
  authSecret();
  await ensureMigrated();
  const testLimits = parseRateLimitList(env().TEST_RATE_LIMITS);
  if (testLimits && Object.keys(testLimits).length) {
    await (await import("@/lib/services/moderation/site-settings")).writeTestRateLimits(testLimits);
  }
  const conn = connection();
  if (conn.kind === "pglite" && env().SEED_DEMO !== "0") {
    const { seedDemoIfEmpty } = await import("@/lib/demo/demo");
    await seedDemoIfEmpty();
  }
  // Backups: runs cut short by a stopped process are closed; an embedded forum tells `npm run backup`
  // how to reach it (only one process may open its folder: lib/services/backups/control.ts).
  const backups = await import("@/lib/services/backups/backups");
  await backups.closeStaleRuns().catch((e) => console.error("[forum] closing stale backup runs failed", e));
  if (conn.kind === "pglite") {
    const { writeControlFile } = await import("@/lib/services/backups/control");
    await writeControlFile(env().PORT).catch((e) => console.error("[forum] backup control file", e));
  }
  const { startScheduler, stopScheduler } = await import("@/lib/jobs/scheduler");
  startScheduler();
  console.log(`[forum] ${conn.kind} database ready in ${Date.now() - t0} ms`);
  // A database without an administrator (SEED_DEMO=0, a new Postgres server): the first-run setup's
  // one-time address (issue 61). Only its holder can make the first administrator.
  const { ensureSetupToken } = await import("@/lib/services/site/setup");
  // The admin's default language, for the first visitors' pages (each render refreshes it after).
  await (await import("@/lib/services/site/identity")).readSiteIdentity();
  const setupToken = await ensureSetupToken();
  if (setupToken) {
    const { publicBase } = await import("@/lib/mail/site");
    // warn: shown at every LOG_LEVEL but error and silent (an operator who quiets the log still needs it).
    console.warn(`[forum] no administrator yet. Set the site up at ${publicBase()}/setup?token=${setupToken}`);
  }

  // No error is swallowed here: the postgres.js crash on a dropped connection is fixed in the driver
  // itself (patches/postgres+3.4.9.patch). Anything else that escapes every promise leaves
  // the process in an unknown state, so say so, close the database (PGlite flushes its folder, so the
  // next start opens it cleanly) and exit non-zero for the supervisor to restart us.
  process.on("uncaughtException", (err) => fatal("uncaught exception", err));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[forum] ${signal}: finishing in-flight work and closing the database`);
    stopScheduler();
    // Open event streams would keep the server from draining: end them (clients reconnect elsewhere).
    void import("@/lib/live/events").then((m) => m.eventHub.close()).catch(() => {});
    // Next's own server stops accepting and drains requests on SIGTERM; close the database after it.
    setTimeout(() => {
      closeDb()
        .catch((e) => console.error("[forum] close failed", e))
        .finally(() => process.exit(0));
    }, env().SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
