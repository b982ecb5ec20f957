// GET /api/avatars/{username}: the default avatar, a deterministic identicon (no third-party host).
import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_POLICY } from "@/lib/api/csp";
import { declared } from "@/lib/api/route";

const HEADERS = {
  "Content-Type": "image/png",
  "Cache-Control": "public, max-age=31536000, immutable",
  // Opened directly, the image must not run or load anything (next.config.ts sends the same).
  "Content-Security-Policy": IMAGE_POLICY,
  "X-Content-Type-Options": "nosniff",
};

/** HSL (degrees, percents) to RGB bytes. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const SIZE = 120; // px: sharp on screens of 2× density up to 60 px, the largest avatar in lists and cards
const CELL = 20;
const MARGIN = 10;

/**
 * A 5×5 mirrored identicon: 15 bits of sha256(lower-case username) choose the cells, two more bytes
 * the hue and lightness. The same name always gives the same picture, so it can be cached forever.
 * A PNG, not an SVG: a browser builds a whole isolated document for every SVG image, and a page of
 * posts with dozens of avatars spent ~180 ms of its main thread on them; a PNG is decoded off it.
 */
async function identicon(username: string): Promise<Buffer> {
  const key = username.toLowerCase();
  const hit = made.get(key);
  if (hit) return hit;
  const png = await drawIdenticon(key);
  made.set(key, png);
  if (made.size > MEMO) made.delete(made.keys().next().value!);
  return png;
}

/** The last MEMO pictures made (a few hundred bytes each): a list page asks for the same few dozen. */
const MEMO = 2_000;
const made = new Map<string, Buffer>();

/** `name`: the lower-case username. */
async function drawIdenticon(name: string): Promise<Buffer> {
  const h = createHash("sha256").update(name).digest();
  const hue = Math.round((h.readUInt16BE(0) / 65535) * 360);
  const fg = hslToRgb(hue, 55, 40 + (h[2]! % 20));
  const bg: [number, number, number] = [0xf4, 0xf4, 0xf5];
  const on = (row: number, col: number) => {
    const bit = row * 3 + Math.min(col, 4 - col);
    return ((h[3 + (bit >> 3)]! >> (bit & 7)) & 1) === 1;
  };
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const row = Math.floor((y - MARGIN) / CELL);
      const col = Math.floor((x - MARGIN) / CELL);
      const inside = y >= MARGIN && x >= MARGIN && row < 5 && col < 5;
      pixels.set(inside && on(row, col) ? fg : bg, (y * SIZE + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}

// Not through route(): browsers send their cookies with every avatar, and an identicon needs no caller.
export const GET = declared(
  {
    tag: "Other",
    summary: "A generated default avatar",
    auth: "none",
    responses: [{ status: 200, description: "PNG image", media: "image/png" }],
  },
  async (req, ctx) => {
    const { username } = (await ctx.params) as { username?: string };
    if (!username || username.length > 64) {
      return Response.json({ error: "Avatar not found", code: "not_found" }, { status: 404 });
    }
    // "png": the picture was an SVG under the same address before; a browser holding that one revalidates to the PNG.
    const etag = `"png-${createHash("sha256").update(username.toLowerCase()).digest("hex").slice(0, 16)}"`;
    if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { ...HEADERS, ETag: etag } });
    return new Response(new Uint8Array(await identicon(username)), { headers: { ...HEADERS, ETag: etag } });
  },
);
