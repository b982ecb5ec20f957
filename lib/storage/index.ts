import { env } from "@/lib/env";
import { localStorage } from "@/lib/storage/local";

/** Where uploaded images live. Keys look like `<2 hex>/<sha256>.<ext>`. */
export interface ImageStorage {
  readonly kind: "local" | "uploadthing";
  /**
   * Stores the bytes under `key` (idempotent: the key is a content hash). Returns the URL to record:
   * a site-relative `/uploads/<key>` for local disk, an absolute URL for a remote store.
   */
  put(input: { key: string; bytes: Buffer; mime: string }): Promise<{ url: string }>;
  /** True when the object for `key` is present (lets a deduplicated upload repair a missing file). */
  has(key: string): Promise<boolean>;
}

let chosen: { token: string | undefined; storage: Promise<ImageStorage> } | undefined;

/**
 * The storage, chosen once: UploadThing when UPLOADTHING_TOKEN is set, local disk otherwise.
 * UploadThing is imported lazily so that it is never loaded (or constructed) without a token.
 */
export function getStorage(): Promise<ImageStorage> {
  const token = env().UPLOADTHING_TOKEN || undefined;
  if (!chosen || chosen.token !== token) {
    chosen = {
      token,
      storage: token ? import("@/lib/storage/uploadthing").then((m) => m.uploadThingStorage(token)) : Promise.resolve(localStorage()),
    };
  }
  return chosen.storage;
}

/** A content-addressed key: `<first 2 hex>/<sha256>.<ext>`. */
export const storageKey = (hash: string, ext: string) => `${hash.slice(0, 2)}/${hash}.${ext}`;
