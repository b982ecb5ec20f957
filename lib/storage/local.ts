import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { MIME_BY_EXT } from "@/lib/image";
import type { ImageStorage, StoredImage } from "@/lib/storage/types";

/** A stored file name: `<2 hex>/<64 hex>.<ext>` whose prefix matches the hash. Anything else is refused. */
const KEY_RE = /^([0-9a-f]{2})\/(\1[0-9a-f]{62})\.(png|jpg|gif|webp|avif)$/;

export function isValidKey(key: string): boolean {
  return KEY_RE.test(key);
}

export function uploadsDir(): string {
  return path.resolve(env().DATA_DIR, "uploads");
}

/** The absolute file path of a valid key, or null (no traversal possible: the key is fully validated). */
export function localPath(key: string): string | null {
  if (!isValidKey(key)) return null;
  return path.join(uploadsDir(), ...key.split("/"));
}

/** Reads a stored file, or null when the key is malformed or unknown. */
export async function readLocal(key: string): Promise<Buffer | null> {
  const file = localPath(key);
  if (!file) return null;
  try {
    return await readFile(/*turbopackIgnore: true*/ file);
  } catch {
    return null;
  }
}

/** A stored file as a stream with its size and type, or null when the key is malformed or unknown. */
export async function openLocal(key: string): Promise<StoredImage | null> {
  const file = localPath(key);
  if (!file) return null;
  try {
    const st = await stat(/*turbopackIgnore: true*/ file);
    if (!st.isFile()) return null;
    return {
      body: createReadStream(/*turbopackIgnore: true*/ file),
      size: st.size,
      contentType: MIME_BY_EXT[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream",
    };
  } catch {
    return null;
  }
}

/** Every valid key under `$DATA_DIR/uploads` (temporary and foreign files are skipped), with its size. */
export async function* listLocal(): AsyncIterable<{ key: string; size: number; file: string }> {
  const root = uploadsDir();
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const d of dirs.filter((x) => x.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const names = (await readdir(path.join(root, d.name))).sort();
    for (const name of names) {
      const key = `${d.name}/${name}`;
      if (!isValidKey(key)) continue;
      const file = path.join(root, d.name, name);
      const st = await stat(file).catch(() => null);
      if (st?.isFile()) yield { key, size: st.size, file };
    }
  }
}

/** Files under `$DATA_DIR/uploads/<2 hex>/<sha256>.<ext>`, served by app/uploads/[...path]. */
export function localStorage(): ImageStorage {
  return {
    kind: "local",
    async has(key) {
      const file = localPath(key);
      if (!file) return false;
      return access(file).then(
        () => true,
        () => false,
      );
    },
    async put({ key, bytes }) {
      const file = localPath(key);
      if (!file) throw new Error(`Invalid storage key ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees a half-written file, and concurrent writers of the
      // same content-addressed key are harmless.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return { url: `/uploads/${key}` };
    },
    read: openLocal,
    async delete(key) {
      const file = localPath(key);
      if (file) await rm(file, { force: true });
    },
    list: listLocal,
  };
}
