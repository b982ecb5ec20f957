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
