import { createHash } from "node:crypto";
import { MIME_BY_EXT } from "@/lib/image";
import { isValidKey } from "@/lib/storage/local";
import { s3ObjectStore, type ObjectStore } from "@/lib/storage/object-store";
import type { S3Settings } from "@/lib/storage/s3-settings";
import type { ImageStorage } from "@/lib/storage/types";

/** Where uploads live in the bucket; backups use `backups/` beside it. */
export const UPLOADS_PREFIX = "uploads/";

/** What every stored image is served with: it is content-addressed, so its bytes never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** The uploads' part of the bucket (lib/storage/object-store.ts). */
export const uploadsStore = (settings: S3Settings): ObjectStore => s3ObjectStore(settings, UPLOADS_PREFIX);

/**
 * Images in an S3-compatible bucket under `uploads/<2 hex>/<sha256>.<ext>`. The URL recorded is
 * `S3_PUBLIC_URL/uploads/<key>` when a public base (a CDN, an R2 public bucket) is set, else the site's
 * own `/uploads/<key>`, which app/uploads/[...path] streams from the bucket with the local headers.
 */
export function s3Storage(settings: S3Settings): ImageStorage {
  const store = uploadsStore(settings);
  return {
    kind: "s3",
    async has(key) {
      return isValidKey(key) && (await store.head(key)) !== null;
    },
    async put({ key, bytes, mime }) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key ${key}`);
      await store.put(key, bytes, { contentType: mime, cacheControl: IMMUTABLE, sha256: createHash("sha256").update(bytes).digest("hex") });
      return { url: settings.publicUrl ? `${settings.publicUrl}/${UPLOADS_PREFIX}${key}` : `/uploads/${key}` };
    },
    async read(key) {
      // Only image keys: nothing else in the bucket (backups/) is ever reachable through /uploads.
      if (!isValidKey(key)) return null;
      const obj = await store.get(key);
      if (!obj) return null;
      return {
        body: obj.body,
        size: obj.size,
        contentType: MIME_BY_EXT[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream",
      };
    },
    async delete(key) {
      if (isValidKey(key)) await store.delete(key);
    },
    async *list() {
      for await (const o of store.list()) if (isValidKey(o.key)) yield { key: o.key, size: o.size };
    },
  };
}
