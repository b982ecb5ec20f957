/**
 * Making a backup: dump the database (outside this thread, lib/backup/source.ts), then write one
 * archive (lib/backup/archive.ts) holding the manifest, the dump and every upload, into a target.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ArchiveWriter } from "@/lib/backup/archive";
import {
  backupFileName,
  DUMP_NAME,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  summarize,
  TRAILER_NAME,
  UPLOAD_PREFIX,
  type BackupSummary,
  type Manifest,
  type UploadEntry,
} from "@/lib/backup/format";
import { dumpDatabase, type DbSource, type OnProgress } from "@/lib/backup/source";
import type { BackupTarget } from "@/lib/backup/target";
import { readStoredUpload, type UploadReader } from "@/lib/backup/uploads";

export type CreateOptions = {
  source: DbSource;
  target: BackupTarget;
  onProgress?: OnProgress;
  readUpload?: UploadReader;
  /** The file name in the target (default: forum-<time>.forum-backup.tar.gz). */
  name?: string;
};

export type Created = BackupSummary & { manifest: Manifest; where: string };

/** The forum's version, for the manifest (package.json's version). */
export async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function hashStream(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const h = createHash("sha256");
  let bytes = 0;
  for await (const c of body as AsyncIterable<Buffer>) {
    h.update(c);
    bytes += c.length;
  }
  return { sha256: h.digest("hex"), bytes };
}

/** Sidecar of a backup in its target: the summary, so a listing need not open the archive. */
export const sidecarName = (name: string) => `${name}.json`;

export async function createBackup(opts: CreateOptions): Promise<Created> {
  const progress = opts.onProgress ?? (() => {});
  const readUpload = opts.readUpload ?? readStoredUpload;
  const tmp = await mkdtemp(path.join(os.tmpdir(), "forum-backup-"));
  try {
    const dumpFile = path.join(tmp, DUMP_NAME);
    const { sums, dumpedBy } = await dumpDatabase(opts.source, dumpFile, tmp, progress);
    const database = { file: DUMP_NAME, ...(await hashStream(createReadStream(dumpFile))) } as const;

    // First pass over the uploads: what each file holds now (the manifest comes first in the archive).
    const uploads: UploadEntry[] = [];
    const missingUploads: string[] = [];
    let i = 0;
    for (const u of sums.uploads) {
      progress({ stage: "uploads", done: i++, total: sums.uploads.length });
      const stored = await readUpload(u.key);
      if (!stored) {
        missingUploads.push(u.key);
        continue;
      }
      const { sha256, bytes } = await hashStream(stored.body);
      uploads.push({ key: u.key, mime: u.mime, sha256, bytes });
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: await appVersion(),
      createdAt: new Date().toISOString(),
      source: { kind: opts.source.kind, serverVersion: sums.serverVersion, dumpedBy },
      migrations: sums.migrations,
      database: { file: DUMP_NAME, bytes: database.bytes, sha256: database.sha256 },
      tables: sums.tables,
      uploads,
      missingUploads,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    const name = opts.name ?? backupFileName();

    const writer = new ArchiveWriter();
    const writing = (async () => {
      await writer.add(MANIFEST_NAME, manifestBytes, manifestBytes.length);
      progress({ stage: "database", done: 0, total: database.bytes });
      const dumpHash = await writer.add(DUMP_NAME, createReadStream(dumpFile), database.bytes);
      if (dumpHash !== database.sha256) throw new Error("The dump changed while it was written");
      let n = 0;
      for (const u of uploads) {
        progress({ stage: "uploads", done: n++, total: uploads.length });
        const stored = await readUpload(u.key);
        if (!stored) throw new Error(`The upload ${u.key} disappeared while the backup was written`);
        const h = await writer.add(UPLOAD_PREFIX + u.key, stored.body, u.bytes);
        if (h !== u.sha256) throw new Error(`The upload ${u.key} changed while the backup was written`);
      }
      const trailer = Buffer.from(createHash("sha256").update(manifestBytes).digest("hex") + "\n");
      await writer.add(TRAILER_NAME, trailer, trailer.length);
      await writer.finish();
    })();
    writing.catch((e) => writer.stream.destroy(e));
    progress({ stage: "writing" });
    const [{ bytes }] = await Promise.all([opts.target.put(name, writer.stream), writing]);
    const summary = summarize(name, bytes, manifest);
    const side = Buffer.from(JSON.stringify(summary));
    await opts.target.put(sidecarName(name), Readable.from([side]));
    progress({ stage: "done", done: 1, total: 1 });
    return { ...summary, manifest, where: opts.target.where };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Every backup in a target, newest first, with its summary (from the sidecar; sizes from the target). */
export async function listBackups(target: BackupTarget): Promise<BackupSummary[]> {
  const objects = await target.list();
  const byName = new Map(objects.map((o) => [o.name, o]));
  const out: BackupSummary[] = [];
  for (const o of objects) {
    if (!o.name.endsWith(".tar.gz")) continue;
    let summary: BackupSummary | null = null;
    if (byName.has(sidecarName(o.name))) {
      const got = await target.get(sidecarName(o.name));
      if (got) {
        try {
          const chunks: Buffer[] = [];
          for await (const c of got.body as AsyncIterable<Buffer>) chunks.push(c);
          summary = JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupSummary;
        } catch {
          summary = null;
        }
      }
    }
    out.push({
      ...(summary ?? { createdAt: o.modifiedAt, source: "pglite", appVersion: "", rows: 0, tables: 0, uploads: 0, counts: {} }),
      name: o.name,
      bytes: o.bytes,
    } as BackupSummary);
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Removes a backup and its sidecar. */
export async function deleteBackup(target: BackupTarget, name: string): Promise<boolean> {
  const gone = await target.delete(name);
  await target.delete(sidecarName(name));
  return gone;
}
