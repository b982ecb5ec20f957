import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { MIME_BY_EXT } from "@/lib/image";
import { listLocal } from "@/lib/storage/local";
import type { ObjectStore } from "@/lib/storage/object-store";
import { IMMUTABLE } from "@/lib/storage/s3";

export type CopyProgress = { done: number; total: number; bytes: number; key: string; outcome: "copied" | "present" | "failed" };

export type CopySummary = {
  total: number;
  copied: number;
  copiedBytes: number;
  /** Already in the store with the same size and checksum. */
  present: number;
  /** Local files whose bytes do not hash to their name (damaged on disk): never copied. */
  damaged: string[];
  failed: { key: string; error: string }[];
};

/**
 * Copies every image under `$DATA_DIR/uploads` into `store` (the bucket's `uploads/` part), idempotently:
 * an object already there with the same size and the same SHA-256 (recorded as metadata by our PUTs), or
 * the same MD5 ETag (a plain PUT by another tool), is skipped. Local files are only read, never removed.
 * A few at a time: each file is read whole (images are at most UPLOAD_MAX_BYTES).
 */
export async function copyUploadsToStore(input: {
  store: ObjectStore;
  dryRun?: boolean;
  concurrency?: number;
  onProgress?: (p: CopyProgress) => void;
}): Promise<CopySummary> {
  const files: { key: string; size: number; file: string }[] = [];
  for await (const f of listLocal()) files.push(f);
  const summary: CopySummary = { total: files.length, copied: 0, copiedBytes: 0, present: 0, damaged: [], failed: [] };
  let done = 0;
  let bytes = 0;
  let next = 0;

  const one = async (f: (typeof files)[number]): Promise<CopyProgress["outcome"]> => {
    const body = await readFile(f.file);
    const sha256 = createHash("sha256").update(body).digest("hex");
    // The name is the hash of the bytes (lib/storage/index.ts storageKey): a mismatch is a damaged file.
    if (!f.key.includes(`/${sha256}.`)) {
      summary.damaged.push(f.key);
      return "failed";
    }
    const there = await input.store.head(f.key);
    if (there && there.size === body.length && (there.sha256 === sha256 || there.etag === createHash("md5").update(body).digest("hex"))) {
      summary.present++;
      return "present";
    }
    if (!input.dryRun) {
      const ext = f.key.slice(f.key.lastIndexOf(".") + 1);
      await input.store.put(f.key, body, { contentType: MIME_BY_EXT[ext] ?? "application/octet-stream", cacheControl: IMMUTABLE, sha256 });
    }
    summary.copied++;
    summary.copiedBytes += body.length;
    return "copied";
  };

  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      let outcome: CopyProgress["outcome"];
      try {
        outcome = await one(f);
      } catch (err) {
        summary.failed.push({ key: f.key, error: err instanceof Error ? err.message : String(err) });
        outcome = "failed";
      }
      done++;
      bytes += f.size;
      input.onProgress?.({ done, total: files.length, bytes, key: f.key, outcome });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 4) }, worker));
  summary.damaged.sort();
  return summary;
}
