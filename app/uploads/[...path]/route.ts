// GET /uploads/<2 hex>/<sha256>.<ext> — serves stored images (immutable, content-addressed): from local disk, or
// streamed from the S3 bucket when uploads go there (docs/storage.md), with the same headers either way
// GET /uploads/p/<name> — a presigned upload's file URL: redirects to the image its PUT stored
import { Readable } from "node:stream";
import { IMAGE_POLICY } from "@/lib/api/csp";
import { presignedTarget } from "@/lib/services/uploads/presign";
import { getStorage } from "@/lib/storage";
import { isValidKey, openLocal } from "@/lib/storage/local";

const notFound = () =>
  new Response(JSON.stringify({ error: "Not found", code: "not_found" }), {
    status: 404,
    headers: { "content-type": "application/json", "x-content-type-options": "nosniff" },
  });

export async function GET(req: Request, ctx: { params: Promise<{ path?: string[] }> }): Promise<Response> {
  const { path } = await ctx.params;
  if (!Array.isArray(path) || path.length !== 2) return notFound();
  if (path[0] === "p") return presigned(path[1]!);
  const key = path.join("/");
  if (!isValidKey(key)) return notFound(); // nothing but an image key (no traversal, no other object of the bucket)
  const storage = await getStorage();
  // A file written before uploads moved to the bucket is still on disk until `npm run uploads:copy-to-store`.
  const stored = (await storage.read(key)) ?? (storage.kind === "local" ? null : await openLocal(key));
  if (!stored) return notFound();
  const etag = `"${key.slice(3, key.lastIndexOf("."))}"`;
  const headers = {
    "content-type": stored.contentType,
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
    "content-security-policy": IMAGE_POLICY,
    etag,
  };
  if (req.headers.get("if-none-match") === etag) {
    stored.body.destroy();
    return new Response(null, { status: 304, headers });
  }
  const body = Readable.toWeb(stored.body) as ReadableStream<Uint8Array>;
  return new Response(body, { headers: { ...headers, "content-length": String(stored.size) } });
}

/**
 * `/uploads/p/<name>`: the URL GET /api/upload/presign gave out before the file existed; once its PUT
 * stored the image (named by its content hash), a redirect there, cacheable: the name never changes target.
 */
async function presigned(name: string): Promise<Response> {
  const target = await presignedTarget(name);
  if (!target) return new Response(JSON.stringify({ error: "Not found", code: "not_found" }), {
    status: 404,
    headers: { "content-type": "application/json", "x-content-type-options": "nosniff", "cache-control": "no-store" },
  });
  return new Response(null, { status: 302, headers: { location: target, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" } });
}
