// Backups (issue 56): demo data plus every kind of row -> backup -> restore into a fresh database of
// the same kind: every table's count and checksum equal, a demo member signs in with the password, an
// upload is served byte-identical. Refusals (truncated, one changed byte, newer format, foreign file,
// non-empty target) leave the target as it was. The move: an embedded forum onto an empty Postgres
// database. Runs on PGlite and (TEST_DATABASE_URL) on the Postgres server.
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, connection, db } from "@/db";
import { desc } from "drizzle-orm";
import { uploads, userBlocks, userFollows, users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as upload } from "@/app/api/upload/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { ArchiveWriter } from "@/lib/backup/archive";
import { createBackup } from "@/lib/backup/create";
import { BackupError, MANIFEST_NAME, type Manifest } from "@/lib/backup/format";
import { moveDatabase } from "@/lib/backup/move";
import { restoreBackup, targetState, verifyBackup, type RestoreTarget } from "@/lib/backup/restore";
import type { DbSource } from "@/lib/backup/source";
import { sumsOf } from "./backup-fixtures";
import { localFolderTarget } from "@/lib/backup/target";
import { seedDemo } from "@/lib/demo/demo";
import { env } from "@/lib/env";
import { sendMessage } from "@/lib/services/messages/send";
import { localPath } from "@/lib/storage/local";
import { asViewer, call, makeUser, sessionCookie } from "../helpers";
import { png } from "./upload-fixtures";

const serverUrl = process.env.TEST_DATABASE_URL;
const PG_SERVER = process.env.BACKUP_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

let dir: string;
let file: string;
let manifest: Manifest;
let uploadKey: string;
let uploadBytes: Buffer;
const cleanups: (() => Promise<void>)[] = [];

const source = (): DbSource => {
  const c = connection();
  return c.kind === "pglite" ? { kind: "pglite", pglite: c.pglite! } : { kind: "postgres", url: process.env.DATABASE_URL! };
};
const open = (f: string) => async () => createReadStream(f) as Readable;

/** A new, empty database on a Postgres server; dropped after the file. */
async function freshPostgres(base = serverUrl ?? PG_SERVER): Promise<string> {
  const name = `forum_bk_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = postgres(base, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh target of the kind this pass runs on: PGlite in a folder of its own, or a new database on the server. */
async function freshTarget(): Promise<{ target: RestoreTarget; where: string; close: () => Promise<void> }> {
  if (serverUrl) {
    const url = await freshPostgres();
    return { target: { kind: "postgres", url }, where: url, close: async () => {} };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), "forum-restore-"));
  const pglite = await PGlite.create(folder, { extensions: { pg_trgm } });
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return { target: { kind: "pglite", pglite }, where: folder, close: () => pglite.close() };
}

async function refused(p: Promise<unknown>): Promise<BackupError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "should have been refused").toBeInstanceOf(BackupError);
  return err as BackupError;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "forum-backups-"));
  await seedDemo(db);
  // Rows the demo does not make: tokens, sessions, follows, blocks, a direct message, an upload.
  const admin = await makeUser({ role: "ADMIN" });
  const member = await makeUser({ password: "member-password" });
  await sessionCookie(member.id);
  const [alice] = await db
    .select()
    .from(users)
    .where((await import("drizzle-orm")).eq(users.username, "alice"));
  await db.insert(userFollows).values({ followerId: member.id, followeeId: alice!.id });
  await db.insert(userBlocks).values({ blockerId: admin.id, blockedId: member.id });
  await sendMessage(asViewer(admin), { recipientId: alice!.id, content: "Welcome to the **backup** test" } as never);
  uploadBytes = await png(12, 9, "purple");
  const r = await call(upload, "/api/upload", { method: "POST", token: member.token, body: { file: uploadBytes.toString("base64") } });
  expect(r.status).toBe(201);
  const [row] = await db.select({ key: uploads.key }).from(uploads).orderBy(desc(uploads.id)).limit(1);
  uploadKey = row!.key;
  uploadBytes = await readFile(localPath(uploadKey)!);

  const progress: string[] = [];
  const made = await createBackup({ source: source(), target: localFolderTarget(dir), onProgress: (p) => progress.push(p.stage) });
  file = path.join(dir, made.name);
  manifest = made.manifest;
  expect(progress).toContain("dump");
  expect(progress.at(-1)).toBe("done");
}, 180_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe("a backup", () => {
  it("records every table with its row count and checksum, the migrations and every upload", async () => {
    const live = await sumsOf(source());
    const names = manifest.tables.map((t) => t.name);
    for (const t of [
      "public.users",
      "public.posts",
      "public.comments",
      "public.polls",
      "public.lotteries",
      "public.reactions",
      "public.messages",
      "public.user_follows",
      "public.notifications",
      "public.point_histories",
      "public.redemptions",
      "public.post_change_logs",
      "public.api_tokens",
      "public.user_sessions",
      "public.uploads",
      "drizzle.__drizzle_migrations",
    ])
      expect(names, t).toContain(t);
    const counts = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    for (const t of [
      "public.users",
      "public.posts",
      "public.comments",
      "public.polls",
      "public.lotteries",
      "public.reactions",
      "public.messages",
      "public.user_follows",
      "public.notifications",
      "public.point_histories",
      "public.redemptions",
      "public.post_change_logs",
      "public.api_tokens",
      "public.user_sessions",
      "public.uploads",
    ])
      expect(counts[t], t).toBeGreaterThan(0);
    // Nested comments: some reply to a reply.
    expect(live.tables.find((t) => t.name === "public.comments")!.rows).toBe(counts["public.comments"]);
    expect(manifest.uploads.map((u) => u.key)).toContain(uploadKey);
    expect(manifest.migrations.count).toBeGreaterThan(40);
    expect(manifest.source.kind).toBe(serverUrl ? "postgres" : "pglite");
    expect(manifest.missingUploads).toEqual([]);
    expect(await verifyBackup(open(file))).toEqual(manifest);
  });
});

describe("refusals leave the target untouched", () => {
  it("a truncated file", async () => {
    const bytes = await readFile(file);
    const cut = path.join(dir, "cut.tar.gz");
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const t = await freshTarget();
    const e = await refused(restoreBackup({ open: open(cut), target: t.target }));
    expect(e.code).toBe("truncated");
    expect(e.message).toMatch(/incomplete/);
    expect((await targetState(t.target)).state).toBe("empty");
    await t.close();
  });

  it("one changed byte", async () => {
    const bytes = Buffer.from(await readFile(file));
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x01;
    const bad = path.join(dir, "bad.tar.gz");
    await writeFile(bad, bytes);
    const t = await freshTarget();
    const e = await refused(restoreBackup({ open: open(bad), target: t.target }));
    expect(["damaged", "checksum_mismatch", "truncated"]).toContain(e.code);
    expect((await targetState(t.target)).state).toBe("empty");
    await t.close();
  });

  it("a backup of a newer format, and a foreign file", async () => {
    const w = new ArchiveWriter();
    const newer = Buffer.from(JSON.stringify({ ...manifest, formatVersion: 99 }));
    const chunks: Buffer[] = [];
    w.stream.on("data", (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => w.stream.on("end", r));
    await w.add(MANIFEST_NAME, newer, newer.length);
    await w.finish();
    await ended;
    const f = path.join(dir, "newer.tar.gz");
    await writeFile(f, Buffer.concat(chunks));
    const t = await freshTarget();
    const e = await refused(restoreBackup({ open: open(f), target: t.target }));
    expect(e.code).toBe("newer_format");
    expect(e.message).toMatch(/format version 99/);

    const foreign = path.join(dir, "photo.jpg");
    await writeFile(foreign, await png());
    expect((await refused(restoreBackup({ open: open(foreign), target: t.target }))).code).toBe("not_a_backup");
    expect((await targetState(t.target)).state).toBe("empty");
    await t.close();
  });

  it("a database with data, unless --force", async () => {
    const t = await freshTarget();
    await restoreBackup({ open: open(file), target: t.target });
    // Something changes in the restored forum; a second restore must not throw it away silently.
    const mark = `kept-${Date.now()}`;
    if (t.target.kind === "pglite") await t.target.pglite.query(`update users set introduction = $1 where username = 'alice'`, [mark]);
    else {
      const s = postgres(t.target.url, { max: 1, onnotice: () => {} });
      await s`update users set introduction = ${mark} where username = 'alice'`;
      await s.end();
    }
    const before = await sumsOf(t.target);
    const e = await refused(restoreBackup({ open: open(file), target: t.target }));
    expect(e.code).toBe("target_not_empty");
    expect(e.message).toMatch(/--force/);
    expect(await sumsOf(t.target)).toEqual(before);
    const report = await restoreBackup({ open: open(file), target: t.target, force: true });
    expect(report.replaced).toBe(true);
    expect((await sumsOf(t.target)).tables).toEqual(manifest.tables);
    await t.close();
  }, 120_000);
});

describe("moving house", () => {
  it("an embedded forum onto an empty Postgres server database: counts side by side, all equal", async () => {
    // The embedded forum: this pass's own database on PGlite, or the backup restored into one.
    let from: DbSource = source();
    let pg: PGlite | undefined;
    if (from.kind !== "pglite") {
      pg = await PGlite.create({ extensions: { pg_trgm } });
      await restoreBackup({ open: open(file), target: { kind: "pglite", pglite: pg } });
      from = { kind: "pglite", pglite: pg };
    }
    const to = await freshPostgres(PG_SERVER);
    const lines: string[] = [];
    const report = await moveDatabase({ source: from, to, log: (l) => lines.push(l) });
    expect(report.ok).toBe(true);
    expect(report.tables.length).toBe(manifest.tables.length);
    for (const t of report.tables) expect(t.target, t.name).toBe(t.source);
    expect(lines.join("\n")).toMatch(/public\.posts\s+\d+\s+\d+/);
    expect((await sumsOf({ kind: "postgres", url: to })).tables).toEqual(manifest.tables);
    // A second move onto the now full database is refused, and changes nothing.
    const again = await moveDatabase({ source: from, to, log: () => {} }).catch((e: unknown) => e);
    expect((again as BackupError).code).toBe("target_not_empty");
    await pg?.close();
  }, 180_000);
});

describe("the restored forum", () => {
  it("holds every table equal, lets a member sign in, and serves the upload byte-identical", async () => {
    const t = await freshTarget();
    // The file is gone from storage: the restore must put it back.
    await rm(localPath(uploadKey)!);
    const report = await restoreBackup({ open: open(file), target: t.target });
    expect(report.uploads).toBe(manifest.uploads.length);
    expect(report.tables.every((c) => c.actual === c.expected && c.checksumEqual)).toBe(true);
    expect((await sumsOf(t.target)).tables).toEqual(manifest.tables);
    await t.close();

    // The forum runs on the restored database.
    await closeDb();
    if (t.target.kind === "postgres") process.env.DATABASE_URL = t.target.url;
    else process.env.PGLITE_DIR = t.where;
    expect(connection().kind).toBe(t.target.kind);
    const r = await call(login, "/api/auth/login", { method: "POST", body: { username: "alice", password: env().DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeTruthy();
    const wrong = await call(login, "/api/auth/login", { method: "POST", body: { username: "alice", password: "not-it" } });
    expect(wrong.status).toBe(401);
    const res = await serve(new Request(`http://localhost:3000/uploads/${uploadKey}`), {
      params: Promise.resolve({ path: uploadKey.split("/") }),
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(uploadBytes)).toBe(true);
  }, 180_000);
});
