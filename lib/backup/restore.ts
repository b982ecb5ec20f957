/**
 * Restoring a backup: the whole file is checked first (manifest, every checksum, nothing missing or
 * extra, gzip's own check), then the target is looked at (empty, or `force`), and only then is
 * anything written: the dump loads in one transaction that is rolled back unless every table's count
 * and checksum equal the manifest's; the uploads follow, each read back and compared; migrations
 * newer than the backup run last.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { ArchiveFormatError, hashBody, readAll, readArchive } from "@/lib/backup/archive";
import {
  BackupError,
  checkManifest,
  DUMP_NAME,
  MANIFEST_NAME,
  TRAILER_NAME,
  UPLOAD_PREFIX,
  type Manifest,
  type TableSum,
} from "@/lib/backup/format";
import type { OnProgress } from "@/lib/backup/source";
import { collectSums, SESSION_SETTINGS } from "@/lib/backup/sums.mjs";
import { readStoredUpload, writeStoredUpload, type UploadReader, type UploadWriter } from "@/lib/backup/uploads";

export type RestoreTarget = { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; url: string };
/** Opens the backup file from its start (it is read twice: once to check, once to restore). */
export type Opener = () => Promise<Readable>;

import { migrationsFolder } from "@/db/migrate";

/** The newest migration this version of the forum knows (drizzle's journal `when`). */
async function newestKnownMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

function formatError(e: unknown): never {
  if (e instanceof BackupError) throw e;
  if (e instanceof ArchiveFormatError) {
    if (e.reason === "not_gzip") throw new BackupError("not_a_backup", "This is not a forum backup (not a gzip-compressed archive).");
    if (e.reason === "truncated")
      throw new BackupError("truncated", "The backup file is incomplete: it ends too early (was the copy cut short?).");
    throw new BackupError("damaged", `The backup file is damaged: ${e.message}.`);
  }
  throw e;
}

/**
 * Reads the whole file and checks it against its manifest; returns the manifest. Throws a
 * BackupError (`not_a_backup`, `truncated`, `damaged`, `checksum_mismatch`, `newer_format`,
 * `newer_migrations`) and writes nothing anywhere.
 */
export async function verifyBackup(open: Opener, onProgress: OnProgress = () => {}): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let manifestBytes: Buffer | null = null;
  let dumpOk = false;
  let trailerOk = false;
  const seen = new Set<string>();
  let expected = new Map<string, { sha256: string; bytes: number }>();
  try {
    for await (const e of readArchive(await open())) {
      if (!manifest) {
        if (e.name !== MANIFEST_NAME)
          throw new BackupError("not_a_backup", "This is not a forum backup (it does not start with forum-backup.json).");
        manifestBytes = await readAll(e.body, 64 * 1024 * 1024);
        let parsed: unknown;
        try {
          parsed = JSON.parse(manifestBytes.toString("utf8"));
        } catch {
          throw new BackupError("damaged", "The backup's manifest is damaged (not valid JSON).");
        }
        manifest = checkManifest(parsed);
        expected = new Map(manifest.uploads.map((u) => [UPLOAD_PREFIX + u.key, u]));
        onProgress({ stage: "checking", done: 0, total: manifest.uploads.length + 1 });
        continue;
      }
      if (trailerOk) throw new BackupError("damaged", `The backup file is damaged: ${e.name} comes after the end.`);
      if (e.name === DUMP_NAME) {
        const got = await hashBody(e.body);
        if (got.sha256 !== manifest.database.sha256 || got.bytes !== manifest.database.bytes)
          throw new BackupError("checksum_mismatch", `The database dump in the backup does not match its checksum (the file is damaged).`);
        dumpOk = true;
      } else if (expected.has(e.name)) {
        const want = expected.get(e.name)!;
        const got = await hashBody(e.body);
        if (got.sha256 !== want.sha256 || got.bytes !== want.bytes)
          throw new BackupError(
            "checksum_mismatch",
            `The upload ${e.name.slice(UPLOAD_PREFIX.length)} in the backup does not match its checksum.`,
          );
        seen.add(e.name);
      } else if (e.name === TRAILER_NAME) {
        const text = (await readAll(e.body, 1024)).toString("utf8").trim();
        if (text !== createHash("sha256").update(manifestBytes!).digest("hex"))
          throw new BackupError("checksum_mismatch", "The backup's manifest does not match its checksum (the file is damaged).");
        trailerOk = true;
      } else throw new BackupError("damaged", `The backup file holds an entry its manifest does not list (${e.name}).`);
      onProgress({ stage: "checking", done: seen.size + (dumpOk ? 1 : 0), total: manifest.uploads.length + 1 });
    }
  } catch (e) {
    formatError(e);
  }
  if (!manifest) throw new BackupError("not_a_backup", "This is not a forum backup (it holds no manifest).");
  if (!dumpOk || !trailerOk || seen.size !== expected.size)
    throw new BackupError("truncated", "The backup file is incomplete: entries its manifest lists are missing.");
  const known = await newestKnownMigration();
  if ((manifest.migrations.lastCreatedAt ?? 0) > known)
    throw new BackupError(
      "newer_migrations",
      `This backup comes from a newer version of the forum (its database has migrations this version does not know). Upgrade the forum, then restore.`,
    );
  return manifest;
}

type Runner = { query: (text: string) => Promise<Record<string, unknown>[]>; exec: (text: string) => Promise<void> };
type Conn = Runner & { transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T>; migrate(): Promise<void>; close(): Promise<void> };

function connect(target: RestoreTarget): Conn {
  if (target.kind === "pglite") {
    const pg = target.pglite;
    const runner = (r: Pick<PGlite, "query" | "exec">): Runner => ({
      query: async (t) => (await r.query<Record<string, unknown>>(t)).rows,
      exec: async (t) => void (await r.exec(t)),
    });
    return {
      ...runner(pg),
      transaction: (fn) => pg.transaction((tx) => fn(runner(tx))),
      migrate: () => migratePglite(drizzlePglite(pg), { migrationsFolder: migrationsFolder() }),
      // The dump sets session settings (an empty search_path): the forum's own connection must not keep them.
      close: async () => void (await pg.exec("RESET ALL")),
    };
  }
  const sql = postgres(target.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const runner = (r: postgres.Sql | postgres.TransactionSql): Runner => ({
    query: async (t) => (await r.unsafe(t)) as unknown as Record<string, unknown>[],
    exec: async (t) => void (await r.unsafe(t).simple()),
  });
  return {
    ...runner(sql),
    transaction: async (fn) => (await sql.begin((tx) => fn(runner(tx)))) as never,
    migrate: () => migratePostgres(drizzlePostgres(sql), { migrationsFolder: migrationsFolder() }),
    close: () => sql.end({ timeout: 5 }),
  };
}

/** "empty": no tables; "blank": the forum's tables, all without rows (a new, migrated database); "data": anything else. */
export async function targetState(target: RestoreTarget): Promise<{ state: "empty" | "blank" | "data"; rows: number }> {
  const conn = connect(target);
  try {
    return await stateOf(conn);
  } finally {
    await conn.close();
  }
}

async function stateOf(conn: Runner): Promise<{ state: "empty" | "blank" | "data"; rows: number }> {
  const tables = await conn.query(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname = 'public'`,
  );
  if (!tables.length) return { state: "empty", rows: 0 };
  const [row] = await conn.query(
    `select (${tables.map((t) => `(select count(*) from (select 1 from ${String(t.t)} limit 1) s)`).join(" + ")})::int as n`,
  );
  const rows = Number(row?.n ?? 0);
  return { state: rows ? "data" : "blank", rows };
}

export type TableCheck = { name: string; expected: number; actual: number; checksumEqual: boolean };
export type RestoreReport = { manifest: Manifest; tables: TableCheck[]; uploads: number; migrationsApplied: number; replaced: boolean };

export type RestoreOptions = {
  open: Opener;
  target: RestoreTarget;
  /** Replace a database that has data (everything in its public and drizzle schemas goes). */
  force?: boolean;
  onProgress?: OnProgress;
  writeUpload?: UploadWriter;
  readUpload?: UploadReader;
};

function compare(expected: TableSum[], actual: TableSum[]): TableCheck[] {
  const got = new Map(actual.map((t) => [t.name, t]));
  return expected.map((t) => ({
    name: t.name,
    expected: t.rows,
    actual: got.get(t.name)?.rows ?? -1,
    checksumEqual: got.get(t.name)?.checksum === t.checksum,
  }));
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const progress = opts.onProgress ?? (() => {});
  const manifest = await verifyBackup(opts.open, progress);
  const conn = connect(opts.target);
  try {
    const { state, rows } = await stateOf(conn);
    if (state === "data" && !opts.force)
      throw new BackupError(
        "target_not_empty",
        `The target database is not empty (it has forum tables with rows, at least ${rows} of them). Restore into an empty database, or pass --force to replace everything in it.`,
      );
    const writeUpload = opts.writeUpload ?? writeStoredUpload;
    const readUpload = opts.readUpload ?? readStoredUpload;
    let checks: TableCheck[] = [];
    let uploads = 0;
    let loaded = false;
    try {
      for await (const e of readArchive(await opts.open())) {
        if (e.name === DUMP_NAME) {
          progress({ stage: "database", done: 0, total: 1 });
          const dump = await readAll(e.body, 4 * 1024 * 1024 * 1024);
          if (createHash("sha256").update(dump).digest("hex") !== manifest.database.sha256)
            throw new BackupError("checksum_mismatch", "The database dump changed since it was checked.");
          checks = await conn.transaction(async (tx) => {
            await tx.exec("DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
            await tx.exec(dump.toString("utf8"));
            await tx.exec(SESSION_SETTINGS);
            progress({ stage: "verifying", done: 0, total: 1 });
            const sums = await collectSums(tx.query);
            const result = compare(manifest.tables, sums.tables);
            const wrong = result.filter((c) => c.actual !== c.expected || !c.checksumEqual);
            if (wrong.length)
              throw new BackupError(
                "verify_failed",
                `After loading, ${wrong.length} table(s) differ from the backup (${wrong
                  .slice(0, 5)
                  .map((c) => `${c.name}: ${c.actual} rows, expected ${c.expected}${c.checksumEqual ? "" : ", checksum differs"}`)
                  .join("; ")}); nothing was kept.`,
              );
            return result;
          });
          loaded = true;
        } else if (e.name.startsWith(UPLOAD_PREFIX) && loaded) {
          const key = e.name.slice(UPLOAD_PREFIX.length);
          const want = manifest.uploads.find((u) => u.key === key)!;
          progress({ stage: "uploads", done: uploads, total: manifest.uploads.length });
          const bytes = await readAll(e.body);
          await writeUpload({ key, mime: want.mime, bytes });
          const back = await readUpload(key);
          const got = back ? await hashBody(back.body) : null;
          if (got?.sha256 !== want.sha256)
            throw new BackupError("verify_failed", `The upload ${key} reads back different from the backup after it was written.`);
          uploads++;
        } else e.body.resume();
      }
    } catch (e) {
      formatError(e);
    }
    progress({ stage: "migrations" });
    const [{ count: at } = { count: 0 }] = await conn.query(`select count(*)::int as count from drizzle.__drizzle_migrations`);
    await conn.migrate();
    const [{ count: after } = { count: 0 }] = await conn.query(`select count(*)::int as count from drizzle.__drizzle_migrations`);
    progress({ stage: "done", done: 1, total: 1 });
    return { manifest, tables: checks, uploads, migrationsApplied: Number(after) - Number(at), replaced: state === "data" };
  } finally {
    await conn.close();
  }
}
