import { env } from "@/lib/env";
import { localStorage } from "@/lib/storage/local";
import type { ImageStorage } from "@/lib/storage/types";

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
