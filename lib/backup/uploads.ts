/** The uploaded files of a backup, read and written through the forum's storage (lib/storage). */
import type { Readable } from "node:stream";
import { getStorage } from "@/lib/storage";
import { openLocal } from "@/lib/storage/local";

export type UploadReader = (key: string) => Promise<{ body: Readable; size: number } | null>;
export type UploadWriter = (file: { key: string; mime: string; bytes: Buffer }) => Promise<void>;

/** The stored bytes of `key`, from the storage in use, or from local disk for a file not yet copied to a store. */
export const readStoredUpload: UploadReader = async (key) => {
  const storage = await getStorage();
  return (await storage.read(key)) ?? (storage.kind === "local" ? null : await openLocal(key));
};

/** Stores a restored file where the forum's storage keeps uploads (content-addressed: writing twice is harmless). */
export const writeStoredUpload: UploadWriter = async ({ key, mime, bytes }) => {
  const storage = await getStorage();
  await storage.put({ key, bytes, mime });
};
