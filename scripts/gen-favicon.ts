// npm run gen:favicon (tsx scripts/gen-favicon.ts) — writes public/favicon.ico (16, 32 and 48 px PNGs in
// one ICO container, as browsers and crawlers ask for /favicon.ico without reading the page) and
// public/og-image.png (1200 × 630, the site's icon centred on white: the link-preview image of pages
// that have no image of their own; Open Graph readers do not take SVG). Both come from public/icon.svg,
// so a new site icon is one run of this script away.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "public/icon.svg"));

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2);
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map(async (size) => ({
    size,
    png: await sharp(svg, { density: 72 * (size / 24) * 2 })
      .resize(size, size)
      .png()
      .toBuffer(),
  })),
);
writeFileSync(path.join(root, "public/favicon.ico"), ico(pngs));

const mark = await sharp(svg, { density: 72 * (360 / 24) })
  .resize(360, 360)
  .png()
  .toBuffer();
const og = await sharp({ create: { width: 1200, height: 630, channels: 4, background: "#ffffff" } })
  .composite([{ input: mark, gravity: "center" }])
  .png({ compressionLevel: 9 })
  .toBuffer();
writeFileSync(path.join(root, "public/og-image.png"), og);
console.log(`public/favicon.ico (${sizes.join(", ")} px), public/og-image.png (1200 × 630)`);
