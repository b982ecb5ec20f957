// GET /api/avatars/{username}: the default avatar, a deterministic identicon (no third-party host).
import { createHash } from "node:crypto";
import { IMAGE_POLICY } from "@/lib/api/csp";
import { declared } from "@/lib/api/route";

const HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=31536000, immutable",
  // An SVG opened directly must not run scripts or load anything (next.config.ts sends the same).
  "Content-Security-Policy": IMAGE_POLICY,
  "X-Content-Type-Options": "nosniff",
};

/**
 * A 5×5 mirrored identicon: 15 bits of sha256(lower-case username) choose the cells, two more bytes
 * the hue and lightness. The same name always gives the same picture, so it can be cached forever.
 */
function identicon(username: string): string {
  const h = createHash("sha256").update(username.toLowerCase()).digest();
  const hue = Math.round((h.readUInt16BE(0) / 65535) * 360);
  const light = 40 + (h[2]! % 20);
  const fg = `hsl(${hue} 55% ${light}%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const bit = row * 3 + col;
      if (((h[3 + (bit >> 3)]! >> (bit & 7)) & 1) === 0) continue;
      for (const x of new Set([col, 4 - col])) cells.push(`<rect x="${x * 10 + 5}" y="${row * 10 + 5}" width="10" height="10"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60" width="60" height="60">` +
    `<rect width="60" height="60" fill="#f4f4f5"/><g fill="${fg}">${cells.join("")}</g></svg>`
  );
}

// Not through route(): browsers send their cookies with every avatar, and an identicon needs no caller.
export const GET = declared(
  {
    tag: "Other", summary: "A generated default avatar", auth: "none",
    responses: [{ status: 200, description: "SVG image", media: "image/svg+xml" }],
  },
  async (req, ctx) => {
    const { username } = (await ctx.params) as { username?: string };
    if (!username || username.length > 64) {
      return Response.json({ error: "Avatar not found", code: "not_found" }, { status: 404 });
    }
    const etag = `"${createHash("sha256").update(username.toLowerCase()).digest("hex").slice(0, 16)}"`;
    if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { ...HEADERS, ETag: etag } });
    return new Response(identicon(username), { headers: { ...HEADERS, ETag: etag } });
  },
);
