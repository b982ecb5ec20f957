// Gives every test file its own empty, migrated database: PGlite in memory by default, or a fresh
// database on the Postgres server when TEST_DATABASE_URL is set (npm test runs both). Each starts as a
// copy of the migrated database tests/global-setup.ts made once for the run.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";

process.env.AUTH_SECRET ||= "test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "forum-test-"));
process.env.PUBLIC_URL ||= "http://localhost:3000";
// A cheap password hash (Argon2id, 1 MiB, one pass); tests/unit/passwords.test.ts uses the real cost.
process.env.PASSWORD_HASH_MEMORY_KIB = "1024";
process.env.PASSWORD_HASH_TIME_COST = "1";
// Tests write rows directly as well as through the API; tests/api/list-cache.test.ts turns the cache on.
process.env.LIST_CACHE ??= "0";
// The front's request log (lib/front/request-log.ts) is one JSON line per request on stdout; in tests
// that run the front in process it buried the reporter's lines. Warnings still show.
process.env.LOG_LEVEL ??= "warn";

const serverUrl = process.env.TEST_DATABASE_URL;
let dbName: string | undefined;
if (serverUrl) {
  dbName = `forum_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = inject("templateDb");
  await admin.unsafe(`create database ${dbName}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  process.env.DATABASE_URL = u.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const dump = inject("pgliteDump");
  if (dump) (await import("@/db")).startEmbeddedFrom(new Blob([readFileSync(dump)]));
}

const { ensureMigrated } = await import("@/db/migrate");
const { closeDb } = await import("@/db");
await ensureMigrated();
// As lib/startup.ts does in a server: every announced write stamps the caches' versions.
(await import("@/lib/cache/listeners")).registerCacheListeners();

afterAll(async () => {
  await closeDb();
  if (serverUrl && dbName) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});
