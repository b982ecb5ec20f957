/**
 * Where backup files are kept. A small interface so that another store (an S3-compatible bucket,
 * lib/storage) can hold them too; the local folder (`$DATA_DIR/backups` unless told otherwise) is the
 * default. Names are plain file names (`isBackupName`), never paths.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";

export type StoredObject = { name: string; bytes: number; modifiedAt: string };

export interface BackupTarget {
  /** Where it is, for messages ("/srv/forum/data/backups", "s3://bucket/backups"). */
  readonly where: string;
  /** Stores the stream under `name`; nothing is visible under that name until the stream has ended. */
  put(name: string, body: Readable): Promise<{ bytes: number }>;
  /** The stored bytes, or null when there is no such object. */
  get(name: string): Promise<{ body: Readable; bytes: number } | null>;
  list(): Promise<StoredObject[]>;
  /** True when something was deleted. */
  delete(name: string): Promise<boolean>;
}

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

function checkName(name: string): string {
  if (!SAFE.test(name)) throw new Error(`backup target: bad name ${JSON.stringify(name)}`);
  return name;
}

/** Backups as files in one folder. */
export function localFolderTarget(dir: string): BackupTarget {
  const root = path.resolve(dir);
  const file = (name: string) => path.join(root, checkName(name));
  return {
    where: root,
    async put(name, body) {
      await mkdir(root, { recursive: true });
      const tmp = `${file(name)}.partial`;
      try {
        await pipeline(body, createWriteStream(tmp, { mode: 0o600 }));
        await rename(tmp, file(name));
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { bytes: (await stat(file(name))).size };
    },
    async get(name) {
      try {
        const s = await stat(file(name));
        if (!s.isFile()) return null;
        return { body: createReadStream(file(name)), bytes: s.size };
      } catch {
        return null;
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return [];
      }
      const out: StoredObject[] = [];
      for (const name of names) {
        if (!SAFE.test(name) || name.endsWith(".partial")) continue;
        const s = await stat(path.join(root, name)).catch(() => null);
        if (s?.isFile()) out.push({ name, bytes: s.size, modifiedAt: s.mtime.toISOString() });
      }
      return out;
    },
    async delete(name) {
      try {
        await rm(file(name));
        return true;
      } catch {
        return false;
      }
    },
  };
}
