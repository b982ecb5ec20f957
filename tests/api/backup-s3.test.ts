// Backups in an S3-compatible bucket (issue 56 item 5): with S3 configured, a backup goes to
// `backups/<name>` in the bucket (a real S3 server, s3rver, started here), is listed from there, and
// restores from the store into a fresh database of this pass's kind: every table's count and checksum
// equal, the uploads (kept in the same bucket under `uploads/`) put back and served byte-identical.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connection } from "@/db";
import { env } from "@/lib/env";
import { POST as upload } from "@/app/api/upload/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { createBackup, deleteBackup, listBackups } from "@/lib/backup/create";
import { restoreBackup, type RestoreTarget } from "@/lib/backup/restore";
import { backupOpener, configuredBackupTarget, s3BackupTarget } from "@/lib/backup/s3-target";
import type { DbSource } from "@/lib/backup/source";
import { sumsOf } from "./backup-fixtures";
import { s3Settings } from "@/lib/storage/s3-settings";
import { uploadResponseSchema } from "@/lib/validation/uploads";
import { call, makeUser } from "../helpers";
import { S3_TEST_BUCKET, startS3, type TestS3 } from "../s3-server";
import { png } from "./upload-fixtures";

const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
let s3: TestS3;
let sdk: S3Client;
const cleanups: (() => Promise<void>)[] = [];

const source = (): DbSource => {
  const c = connection();
  return c.kind === "pglite" ? { kind: "pglite", pglite: c.pglite! } : { kind: "postgres", url: process.env.DATABASE_URL! };
};

async function freshTarget(): Promise<RestoreTarget> {
  if (serverUrl) {
    const name = `forum_bks3_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    });
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return { kind: "postgres", url: u.toString() };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), "forum-restore-s3-"));
  const pglite = await PGlite.create(folder, { extensions: { pg_trgm } });
  cleanups.push(async () => {
    await pglite.close();
    await rm(folder, { recursive: true, force: true });
  });
  return { kind: "pglite", pglite };
}

const objectKeys = async (prefix: string) =>
  ((await sdk.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);

beforeAll(async () => {
  s3 = await startS3();
  sdk = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  sdk?.destroy();
  await s3?.stop();
});

describe("backups in an S3-compatible bucket", () => {
  it("backs up into the bucket, lists it there, and restores from the store into a fresh database", async () => {
    const member = await makeUser({ password: "member-password" });
    const image = await png(17, 9, "navy");
    const r = await call(upload, "/api/upload", { method: "POST", token: member.token, body: { file: image.toString("base64") } });
    expect(r.status, r.text).toBe(201);
    const key = uploadResponseSchema.parse(r.body).replace("http://localhost:3000/uploads/", "");
    const stored = Buffer.from(
      await (await sdk.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `uploads/${key}` }))).Body!.transformToByteArray(),
    );

    const target = configuredBackupTarget(path.join(os.tmpdir(), "never-used"));
    expect(target.where).toBe(`s3://${S3_TEST_BUCKET}/backups/`);
    const made = await createBackup({ source: source(), target });
    expect(made.where).toBe(`s3://${S3_TEST_BUCKET}/backups/`);
    expect(made.manifest.uploads.map((u) => u.key)).toContain(key);
    expect(made.manifest.missingUploads).toEqual([]);
    expect((await objectKeys("backups/")).sort()).toEqual([`backups/${made.name}`, `backups/${made.name}.json`].sort());
    const head = await sdk.send(new HeadObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `backups/${made.name}` }));
    expect(head.ContentLength).toBe(made.bytes);

    const listed = await listBackups(target);
    expect(listed.map((b) => b.name)).toEqual([made.name]);
    expect(listed[0]!.bytes).toBe(made.bytes);

    // The image goes from the bucket: the restore must put it back from the backup.
    await sdk.send(new DeleteObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `uploads/${key}` }));
    const before = await sumsOf(source());
    const fresh = await freshTarget();
    const open = await backupOpener(`s3://${S3_TEST_BUCKET}/backups/${made.name}`, (f) => createReadStream(f));
    const report = await restoreBackup({ open, target: fresh });
    expect(report.uploads).toBeGreaterThanOrEqual(1);
    expect(report.tables.every((t) => t.expected === t.actual && t.checksumEqual)).toBe(true);
    const after = await sumsOf(fresh);
    expect(after.tables).toEqual(before.tables);

    const back = await serve(new Request(`http://localhost:3000/uploads/${key}`), { params: Promise.resolve({ path: key.split("/") }) });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(stored)).toBe(true);

    expect(await deleteBackup(target, made.name)).toBe(true);
    expect(await objectKeys("backups/")).toEqual([]);
    expect(await deleteBackup(target, made.name)).toBe(false);
  }, 400_000);

  it("sends a large backup in parts, and a failed one leaves nothing under its name", async () => {
    const target = s3BackupTarget(s3Settings()!);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const twenty = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.from(chunk.map((b) => b ^ i));
      })(),
    );
    const put = await target.put("big.tar.gz", twenty);
    expect(put.bytes).toBe(20 * 1024 * 1024);
    const got = await target.get("big.tar.gz");
    const h = createHash("sha256");
    for await (const c of got!.body as AsyncIterable<Buffer>) h.update(c);
    const want = createHash("sha256");
    for (let i = 0; i < 20; i++) want.update(Buffer.from(chunk.map((b) => b ^ i)));
    expect(h.digest("hex")).toBe(want.digest("hex"));
    expect(got!.bytes).toBe(20 * 1024 * 1024);

    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(9 * 1024 * 1024, 1);
        throw new Error("disk on fire");
      })(),
    );
    await expect(target.put("broken.tar.gz", failing)).rejects.toThrow();
    expect((await target.list()).map((o) => o.name)).toEqual(["big.tar.gz"]);
    expect(await target.delete("big.tar.gz")).toBe(true);
  }, 180_000);

  it("npm run restore -- s3://bucket/backups/NAME restores a backup straight from the store", async () => {
    const made = await createBackup({ source: source(), target: configuredBackupTarget(os.tmpdir()) });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "forum-restore-cli-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // Into a new embedded database (the format is the same from either kind of database).
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    };
    delete childEnv.DATABASE_URL;
    delete childEnv.PGLITE_DIR;
    const r = await run(
      "npx",
      ["tsx", "--import", "./scripts/allow-server-only.mjs", "scripts/restore.ts", `s3://${S3_TEST_BUCKET}/backups/${made.name}`],
      {
        env: childEnv,
        timeout: 240_000,
      },
    ).then(
      (x) => ({ code: 0, out: x.stdout + x.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`[restore] ${made.name}`);
    expect(r.out).toContain("every count and checksum equal");
    expect(await deleteBackup(configuredBackupTarget(os.tmpdir()), made.name)).toBe(true);
  }, 300_000);

  it("refuses a backup spec naming another bucket or a missing object, before opening anything", async () => {
    await expect(backupOpener("s3://someone-else/backups/x.tar.gz", (f) => createReadStream(f))).rejects.toThrow(
      `expected s3://${S3_TEST_BUCKET}/backups/<name>`,
    );
    await expect(backupOpener(`s3://${S3_TEST_BUCKET}/backups/nothing.tar.gz`, (f) => createReadStream(f))).rejects.toThrow(
      "no such backup",
    );
    await expect(s3BackupTarget(s3Settings()!).put("../escape", createReadStream(__filename))).rejects.toThrow("bad name");
  });

  it("puts backups in S3_BACKUP_BUCKET when it is set (a public uploads bucket keeps no backup)", async () => {
    await sdk.send(new CreateBucketCommand({ Bucket: "forum-backups" }));
    process.env.S3_BACKUP_BUCKET = "forum-backups";
    try {
      env(true);
      const target = configuredBackupTarget(os.tmpdir());
      expect(target.where).toBe("s3://forum-backups/backups/");
      await target.put("side.tar.gz", Readable.from([Buffer.from("x")]));
      const there = await sdk.send(new ListObjectsV2Command({ Bucket: "forum-backups", Prefix: "backups/" }));
      expect((there.Contents ?? []).map((o) => o.Key)).toEqual(["backups/side.tar.gz"]);
      expect(await objectKeys("backups/")).not.toContain("backups/side.tar.gz");
      await expect(backupOpener(`s3://${S3_TEST_BUCKET}/backups/side.tar.gz`, (f) => createReadStream(f))).rejects.toThrow(
        "expected s3://forum-backups/backups/<name>",
      );
      const open = await backupOpener("s3://forum-backups/backups/side.tar.gz", (f) => createReadStream(f));
      const chunks: Buffer[] = [];
      for await (const c of (await open()) as AsyncIterable<Buffer>) chunks.push(c);
      expect(Buffer.concat(chunks).toString()).toBe("x");
    } finally {
      delete process.env.S3_BACKUP_BUCKET;
      env(true);
    }
  });

  it("keeps backups in the local folder when S3_STORE leaves them out", async () => {
    process.env.S3_STORE = "uploads";
    try {
      const { env } = await import("@/lib/env");
      env(true);
      const dir = await mkdtemp(path.join(os.tmpdir(), "forum-bk-local-"));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      expect(configuredBackupTarget(dir).where).toBe(dir);
    } finally {
      delete process.env.S3_STORE;
      (await import("@/lib/env")).env(true);
    }
  });
});
