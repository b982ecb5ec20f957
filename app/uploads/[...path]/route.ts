// GET /uploads/<2 hex>/<sha256>.<ext> — serves locally stored images (immutable, content-addressed)
import { IMAGE_POLICY } from "@/lib/api/csp";
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
