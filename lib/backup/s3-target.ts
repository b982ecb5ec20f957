/**
 * Backups in an S3-compatible bucket (docs/storage.md): the same BackupTarget as the local folder
 * (lib/backup/target.ts), its objects under `backups/<name>` beside the uploads' `uploads/`. A stream
 * goes up as a multipart upload, which is invisible under its name until it completes and is aborted
 * (nothing left behind) when the stream fails, so a half-written backup never shows in the list.
 */
import { pipeline, Transform, type Readable } from "node:stream";
import type { Opener } from "@/lib/backup/restore";
import { localFolderTarget, type BackupTarget, type StoredObject } from "@/lib/backup/target";
import { s3ObjectStore } from "@/lib/storage/object-store";
import { s3Settings, type S3Settings } from "@/lib/storage/s3-settings";

export const BACKUPS_PREFIX = "backups/";

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

function checkName(name: string): string {
  if (!SAFE.test(name)) throw new Error(`backup target: bad name ${JSON.stringify(name)}`);
  return name;
}

/** The backups' part of the store: `backups/` in S3_BACKUP_BUCKET (default S3_BUCKET). */
const backupsStore = (settings: S3Settings) => s3ObjectStore({ ...settings, bucket: settings.backupBucket }, BACKUPS_PREFIX);

/** Backups as objects `backups/<name>` in the backup bucket of `settings`. */
export function s3BackupTarget(settings: S3Settings): BackupTarget {
  const store = backupsStore(settings);
  return {
    where: store.where,
    async put(name, body) {
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // A failing source destroys `counted`, which fails (and aborts) the multipart upload.
      pipeline(body, counted, () => {});
      await store.put(checkName(name), counted, { contentType: name.endsWith(".json") ? "application/json" : "application/gzip" });
      return { bytes };
    },
    async get(name) {
      const obj = await store.get(checkName(name));
      return obj ? { body: obj.body, bytes: obj.size } : null;
    },
    async list() {
      const out: StoredObject[] = [];
      for await (const o of store.list()) {
        // Only the folder's own level: a name with a slash is not one of ours.
        if (SAFE.test(o.key)) out.push({ name: o.key, bytes: o.size, modifiedAt: (o.lastModified ?? new Date(0)).toISOString() });
      }
      return out;
    },
    async delete(name) {
      if (!(await store.head(checkName(name)))) return false;
      await store.delete(name);
      return true;
    },
  };
}

/**
 * Where backups go: the bucket when S3_BUCKET is set and S3_STORE includes `backups`, else the local
 * folder `localDir`. The hook for the backup command, the admin page and the scheduler.
 */
export function configuredBackupTarget(localDir: string): BackupTarget {
  const s3 = s3Settings();
  return s3?.store.backups ? s3BackupTarget(s3) : localFolderTarget(localDir);
}

/** True when `spec` names a backup in a bucket: `s3://<bucket>/backups/<name>`. */
export const isStoreSpec = (spec: string) => spec.startsWith("s3://");

/**
 * The opener restoreBackup wants for a backup named by `spec`: a local file path, or
 * `s3://<bucket>/backups/<name>` for one in the backup bucket (S3_BACKUP_BUCKET, default S3_BUCKET).
 * It is read twice, like a file (once to check, once to restore): each open is a new GET. Another
 * bucket or a missing object is refused before anything is read.
 */
export async function backupOpener(spec: string, openFile: (file: string) => Readable): Promise<Opener> {
  if (!isStoreSpec(spec)) return async () => openFile(spec);
  const settings = s3Settings();
  const m = /^s3:\/\/([^/]+)\/(?:backups\/)?([^/]+)$/.exec(spec);
  if (!settings) throw new Error(`${spec}: S3_BUCKET is not set, so there is no bucket to read it from (docs/storage.md)`);
  if (!m || m[1] !== settings.backupBucket)
    throw new Error(`${spec}: expected s3://${settings.backupBucket}/backups/<name> (the bucket backups go to)`);
  const name = m[2]!;
  if (!SAFE.test(name) || !(await backupsStore(settings).head(name))) throw new Error(`${spec}: no such backup in the bucket`);
  const target = s3BackupTarget(settings);
  return async () => {
    const got = await target.get(name);
    if (!got) throw new Error(`${spec}: the backup disappeared from the bucket`);
    return got.body;
  };
}
