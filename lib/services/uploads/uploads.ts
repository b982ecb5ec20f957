import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { uploads } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { env } from "@/lib/env";
import { processImage } from "@/lib/image";
import { safeFetch, type Resolver } from "@/lib/ssrf";
import { getStorage, storageKey } from "@/lib/storage";

const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes the `file` field: a data URL (`data:…;base64,…` or percent-encoded) or plain base64. */
export function decodeFileField(value: string): Buffer {
  let payload = value;
  if (/^data:/i.test(value)) {
    const comma = value.indexOf(",");
    if (comma < 0) throw badRequest(msg("fileNotDataUrl"), "file");
    const meta = value.slice(5, comma);
    payload = value.slice(comma + 1);
    if (!/;base64$/i.test(meta)) {
      try {
        return Buffer.from(decodeURIComponent(payload), "utf8");
      } catch {
        throw badRequest(msg("fileNotDataUrl"), "file");
      }
    }
  }
  const compact = payload.replace(/\s+/g, "");
  if (!compact || !BASE64_RE.test(compact)) throw badRequest(msg("fileDataUrlOrBase64"), "file");
  return Buffer.from(compact, "base64");
}

/** The absolute form of a stored URL: PUBLIC_URL (else the request origin) + a site-relative path. */
export function absoluteUrl(url: string, origin: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const base = (env().PUBLIC_URL ?? origin).replace(/\/+$/, "");
  return base + url;
}

/**
 * Validates, re-encodes and stores an image, deduplicated by the SHA-256 of the stored bytes (same
 * image → same key, same URL, one `uploads` row). Returns the stored URL: site-relative for local
 * storage (what pages and avatars keep, so they follow the site's address), absolute for a CDN.
 */
export async function saveImage(input: { bytes: Buffer; ownerId: number }): Promise<string> {
  return (await saveImageRow(input)).url;
}

/** saveImage, with the id of the image's `uploads` row (a presigned upload records its name against it). */
export async function saveImageRow(input: { bytes: Buffer; ownerId: number }): Promise<{ id: number; url: string }> {
  const { UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION } = env();
  const img = await processImage(input.bytes, { maxBytes: UPLOAD_MAX_BYTES, maxDimension: UPLOAD_MAX_DIMENSION });
  const hash = createHash("sha256").update(img.bytes).digest("hex");
  const key = storageKey(hash, img.ext);
  const storage = await getStorage();

  const [existing] = await db.select({ id: uploads.id, url: uploads.url, key: uploads.key }).from(uploads).where(eq(uploads.hash, hash)).limit(1);
  if (existing && (await storage.has(existing.key))) return { id: existing.id, url: existing.url };

  const { url } = await storage.put({ key, bytes: img.bytes, mime: img.mime });
  const [row] = await db
    .insert(uploads)
    .values({ hash, key, url, mime: img.mime, size: img.bytes.length, width: img.width, height: img.height, ownerId: input.ownerId })
    .onConflictDoNothing({ target: uploads.hash })
    .returning({ id: uploads.id, url: uploads.url });
  if (row) return row;
  // A concurrent upload of the same image won the insert: answer its URL.
  const [winner] = await db.select({ id: uploads.id, url: uploads.url }).from(uploads).where(eq(uploads.hash, hash)).limit(1);
  return winner!;
}

/** saveImage, answering the absolute public URL (docs/api.md: POST /api/upload answers an absolute URL). */
export async function storeImage(viewer: { id: number }, input: { bytes: Buffer; origin: string }): Promise<string> {
  return absoluteUrl(await saveImage({ bytes: input.bytes, ownerId: viewer.id }), input.origin);
}

/** POST /api/upload/url: fetches the image SSRF-safely, then the same validation and storage. */
export async function uploadFromUrl(
  viewer: { id: number },
  input: { url: string; origin: string; resolver?: Resolver },
): Promise<string> {
  const e = env();
  const allowLoopback = e.UPLOAD_ALLOW_LOOPBACK === "1" || e.UPLOAD_ALLOW_LOOPBACK === "true";
  const fetched = await safeFetch(input.url, { maxBytes: e.UPLOAD_MAX_BYTES, allowLoopback, resolver: input.resolver });
  return storeImage(viewer, { bytes: fetched.bytes, origin: input.origin });
}
