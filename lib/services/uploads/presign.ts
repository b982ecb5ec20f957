import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { uploadAliases, uploads, users } from "@/db/schema";
import { AppError, conflict, forbidden, suspended, msg } from "@/lib/errors";
import { authSecret } from "@/lib/auth-secret";
import { saveImageRow } from "@/lib/services/uploads/uploads";

/**
 * OpenIsle's editor upload (frontend_nuxt/utils/vditor.js): GET /api/upload/presign?filename= answers
 * `{uploadUrl, fileUrl, key}`, the client PUTs the file's bytes to `uploadUrl` without credentials and
 * then writes `fileUrl` into the post. OpenIsle presigns a PUT to its object store (COS); we presign a
 * PUT to this server, which runs the checks of POST /api/upload on the bytes (size cap, type by magic
 * bytes, dimensions, re-encode without metadata, content-addressed storage on disk or UploadThing).
 *
 * - `uploadUrl` is `/api/upload/presigned/<token>`: the token names the upload (`<32 hex>.<ext>`), its
 *   owner and its expiry (15 minutes, as OpenIsle's), signed with an HMAC of a key derived from
 *   AUTH_SECRET, so it needs no row until it is used and cannot be forged or stretched.
 * - Single use: the PUT that succeeds records the name in upload_aliases (primary key); any later PUT
 *   with the same token is a 409 and stores nothing new.
 * - `fileUrl` is `/uploads/p/<name>`, which the client needs before the bytes exist; the stored image
 *   is named by its content hash, so that path redirects to it (app/uploads/[...path]).
 */

export const PRESIGN_TTL_SEC = 15 * 60;
/** The extensions a presigned name may carry: the image types we store (the bytes decide the type). */
const EXTENSIONS: Record<string, string> = { png: "png", jpg: "jpg", jpeg: "jpg", gif: "gif", webp: "webp", avif: "avif" };
const NAME_RE = /^[0-9a-f]{32}\.(?:png|jpg|gif|webp|avif)$/;

let derived: { secret: string; key: Buffer } | undefined;
/** A key of its own for these signatures (an HMAC of AUTH_SECRET), not the session secret itself. */
function signingKey(): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) derived = { secret, key: createHmac("sha256", secret).update("forum:upload-presign:v1").digest() };
  return derived.key;
}

const sign = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

type Claims = { u: number; n: string; e: number };

/** The extension of a presigned name for `filename`, or a 415 for a file we do not store. */
function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const ext = dot >= 0 ? EXTENSIONS[filename.slice(dot + 1).toLowerCase()] : undefined;
  if (!ext) {
    throw new AppError("unsupported_media_type", msg("imagesOnlyByName"), { field: "filename" });
  }
  return ext;
}

/** GET /api/upload/presign: a signed, single-use PUT URL for one image, and the URL it will be served at. */
export function presignUpload(
  viewer: { id: number },
  input: { filename: string; origin: string; now?: number },
): { uploadUrl: string; fileUrl: string; key: string } {
  const name = `${randomBytes(16).toString("hex")}.${extensionOf(input.filename)}`;
  const claims: Claims = { u: viewer.id, n: name, e: Math.floor((input.now ?? Date.now()) / 1000) + PRESIGN_TTL_SEC };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const token = `${payload}.${sign(payload)}`;
  const base = input.origin.replace(/\/+$/, "");
  return { uploadUrl: `${base}/api/upload/presigned/${token}`, fileUrl: `${base}/uploads/p/${name}`, key: `p/${name}` };
}

/** The claims of a token this server signed and that has not expired; 403 otherwise. */
export function verifyPresignToken(token: string, now = Date.now()): Claims {
  const [payload, mac, extra] = token.split(".");
  const bad = () => forbidden(msg("uploadUrlInvalid"));
  if (!payload || !mac || extra !== undefined) throw bad();
  const want = Buffer.from(sign(payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw bad();
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
  } catch {
    throw bad();
  }
  if (!Number.isInteger(claims.u) || typeof claims.n !== "string" || !NAME_RE.test(claims.n) || !Number.isInteger(claims.e)) throw bad();
  if (claims.e * 1000 < now) throw bad();
  return claims;
}

/**
 * The PUT to a presigned URL: the same checks and storage as POST /api/upload, then the name is
 * recorded (once). Answers the stored image's URL (site-relative for local storage) and its name.
 */
export async function receivePresignedUpload(input: { token: string; bytes: Buffer }): Promise<{ url: string; fileUrl: string; ownerId: number }> {
  const claims = verifyPresignToken(input.token);
  const used = () => conflict(msg("uploadUrlUsed"));
  const [done] = await db.select({ name: uploadAliases.name }).from(uploadAliases).where(eq(uploadAliases.name, claims.n));
  if (done) throw used();
  // The owner must still exist (a deleted account's URLs die with it) and may still write.
  const [owner] = await db.select({ id: users.id, suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, claims.u));
  if (!owner) throw forbidden(msg("uploadUrlInvalid"));
  if (owner.suspendedUntil && owner.suspendedUntil.getTime() > Date.now()) throw suspended(owner.suspendedUntil.toISOString());
  const stored = await saveImageRow({ bytes: input.bytes, ownerId: claims.u });
  const [row] = await db
    .insert(uploadAliases)
    .values({ name: claims.n, uploadId: stored.id, ownerId: claims.u })
    .onConflictDoNothing({ target: uploadAliases.name })
    .returning({ name: uploadAliases.name });
  // A concurrent PUT with the same token got there first.
  if (!row) throw used();
  return { url: stored.url, fileUrl: `/uploads/p/${claims.n}`, ownerId: claims.u };
}

/** Where `/uploads/p/<name>` points: the stored image's URL (site-relative or absolute), or null. */
export async function presignedTarget(name: string): Promise<string | null> {
  if (!NAME_RE.test(name)) return null;
  const [row] = await db
    .select({ url: uploads.url })
    .from(uploadAliases)
    .innerJoin(uploads, eq(uploads.id, uploadAliases.uploadId))
    .where(eq(uploadAliases.name, name));
  return row?.url ?? null;
}
