// GET /uploads/<2 hex>/<sha256>.<ext> — serves locally stored images (immutable, content-addressed)
// GET /uploads/p/<name> — a presigned upload's file URL: redirects to the image its PUT stored
import { IMAGE_POLICY } from "@/lib/api/csp";
import { presignedTarget } from "@/lib/services/uploads/presign";
import { MIME_BY_EXT } from "@/lib/image";
import { readLocal } from "@/lib/storage/local";

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
  const bytes = await readLocal(key); // null for malformed keys (no traversal) and unknown files
  if (!bytes) return notFound();
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const etag = `"${key.slice(3, key.lastIndexOf("."))}"`;
  const headers = {
    "content-type": MIME_BY_EXT[ext] ?? "application/octet-stream",
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
    "content-security-policy": IMAGE_POLICY,
    etag,
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "content-length": String(bytes.length) } });
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
