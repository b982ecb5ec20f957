import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import type { ImageStorage } from "@/lib/storage/types";

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
    return await readFile(file);
  } catch {
    return null;
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
  };
}
