import type { Readable } from "node:stream";

/** A stored image read back: its bytes as a stream, with what the response headers need. */
export type StoredImage = { body: Readable; size: number; contentType: string };

/** Where uploaded images live. Keys look like `<2 hex>/<sha256>.<ext>`. */
export interface ImageStorage {
  readonly kind: "local" | "uploadthing" | "s3";
  /**
   * Stores the bytes under `key` (idempotent: the key is a content hash). Returns the URL to record:
   * a site-relative `/uploads/<key>` for local disk (and S3 without S3_PUBLIC_URL), an absolute URL for a
   * remote store served from its own address (UploadThing, S3 behind a CDN).
   */
  put(input: { key: string; bytes: Buffer; mime: string }): Promise<{ url: string }>;
  /** True when the object for `key` is present (lets a deduplicated upload repair a missing file). */
  has(key: string): Promise<boolean>;
  /**
   * The stored bytes of a valid key, streamed, for `/uploads/<key>`; null when the key is malformed or
   * unknown, or when this storage is not read through the app (UploadThing serves its own URLs).
   */
  read(key: string): Promise<StoredImage | null>;
  /** Removes the object of `key` (no error when it is gone). */
  delete(key: string): Promise<void>;
  /** Every stored object's key and size (keys this storage did not write are skipped). */
  list(): AsyncIterable<{ key: string; size: number }>;
}
