import { env } from "@/lib/env";
import { localStorage } from "@/lib/storage/local";
import { s3Settings } from "@/lib/storage/s3-settings";
import type { ImageStorage } from "@/lib/storage/types";

let chosen: { id: string; storage: Promise<ImageStorage> } | undefined;

/**
 * The storage, chosen once per configuration: an S3-compatible bucket when S3_BUCKET is set (and
 * S3_STORE includes `uploads`), UploadThing when UPLOADTHING_TOKEN is set, local disk otherwise
 * (lib/env.ts refuses both remote stores at once). The remote ones are imported lazily: neither SDK is
 * loaded, nor a client constructed, without its settings.
 */
export function getStorage(): Promise<ImageStorage> {
  const e = env();
  const s3 = s3Settings(e);
  const token = e.UPLOADTHING_TOKEN || undefined;
  const id = s3?.store.uploads ? `s3:${JSON.stringify(s3)}` : token ? `ut:${token}` : "local";
  if (!chosen || chosen.id !== id) {
    chosen = {
      id,
      storage: s3?.store.uploads
        ? import("@/lib/storage/s3").then((m) => m.s3Storage(s3))
        : token
          ? import("@/lib/storage/uploadthing").then((m) => m.uploadThingStorage(token))
          : Promise.resolve(localStorage()),
    };
  }
  return chosen.storage;
}

/** A content-addressed key: `<first 2 hex>/<sha256>.<ext>`. */
export const storageKey = (hash: string, ext: string) => `${hash.slice(0, 2)}/${hash}.${ext}`;
