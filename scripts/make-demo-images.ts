// Remakes the demo images: `npx tsx scripts/make-demo-images.ts`.
// public/goods/<slug>.png (point-mall cards, 480×320) and public/categories/<slug>.png (64×64 icons),
// drawn as SVG (plain shapes, the name as text) and rasterized with sharp, so no emoji font is needed.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

type Shape = "circle" | "square" | "triangle" | "diamond" | "hexagon" | "star" | "ring" | "bars";

export const DEMO_GOODS: { slug: string; name: string; color: string; accent: string; shape: Shape }[] = [
  { slug: "sticker-pack", name: "Sticker pack", color: "#0ea5e9", accent: "#e0f2fe", shape: "hexagon" },
  { slug: "coffee-mug", name: "Forum mug", color: "#f97316", accent: "#ffedd5", shape: "circle" },
  { slug: "t-shirt", name: "Community T-shirt", color: "#22c55e", accent: "#dcfce7", shape: "square" },
  { slug: "custom-flair", name: "Custom profile flair", color: "#a855f7", accent: "#f3e8ff", shape: "star" },
  { slug: "keyboard", name: "Mechanical keyboard", color: "#334155", accent: "#e2e8f0", shape: "bars" },
  { slug: "vps-year", name: "A year of VPS hosting", color: "#e11d48", accent: "#ffe4e6", shape: "diamond" },
];

export const DEMO_CATEGORY_IMAGES: { slug: string; color: string; shape: Shape }[] = [
  { slug: "self-hosting", color: "#0f766e", shape: "square" },
  { slug: "programming", color: "#4f46e5", shape: "bars" },
  { slug: "photography", color: "#b45309", shape: "ring" },
  { slug: "cooking", color: "#dc2626", shape: "circle" },
  { slug: "board-games", color: "#7c3aed", shape: "hexagon" },
  { slug: "site-feedback", color: "#0369a1", shape: "triangle" },
  { slug: "off-topic", color: "#65a30d", shape: "star" },
];

function shapeSvg(shape: Shape, cx: number, cy: number, r: number, fill: string): string {
  const poly = (n: number, rot: number, rr = r) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (i * 2 * Math.PI) / n;
      return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  switch (shape) {
    case "circle":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
    case "ring":
      return `<circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="none" stroke="${fill}" stroke-width="${r * 0.35}"/>`;
    case "square":
      return `<rect x="${cx - r * 0.8}" y="${cy - r * 0.8}" width="${r * 1.6}" height="${r * 1.6}" rx="${r * 0.25}" fill="${fill}"/>`;
    case "triangle":
      return `<polygon points="${poly(3, -Math.PI / 2)}" fill="${fill}"/>`;
    case "diamond":
      return `<polygon points="${poly(4, -Math.PI / 2)}" fill="${fill}"/>`;
    case "hexagon":
      return `<polygon points="${poly(6, 0)}" fill="${fill}"/>`;
    case "star": {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? r : r * 0.45;
        return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      return `<polygon points="${pts}" fill="${fill}"/>`;
    }
    case "bars":
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${cx - r + i * r * 0.7}" y="${cy - r * (0.4 + i * 0.3)}" width="${r * 0.5}" height="${r * (0.8 + i * 0.6)}" rx="${r * 0.1}" fill="${fill}"/>`,
        )
        .join("");
  }
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function makeDemoImages(root = path.join(process.cwd(), "public")): Promise<string[]> {
  const written: string[] = [];
  mkdirSync(path.join(root, "goods"), { recursive: true });
  mkdirSync(path.join(root, "categories"), { recursive: true });
  for (const g of DEMO_GOODS) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g.color}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
  <rect width="480" height="320" rx="28" fill="url(#bg)"/>
  <circle cx="400" cy="60" r="120" fill="${g.accent}" opacity="0.12"/>
  ${shapeSvg(g.shape, 240, 130, 70, g.accent)}
  <text x="240" y="270" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(g.name)}</text>
</svg>`;
    const file = path.join(root, "goods", `${g.slug}.png`);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file);
    written.push(file);
  }
  for (const c of DEMO_CATEGORY_IMAGES) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
  <rect width="64" height="64" rx="14" fill="${c.color}"/>
  ${shapeSvg(c.shape, 32, 32, 18, "#ffffff")}
</svg>`;
    const file = path.join(root, "categories", `${c.slug}.png`);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file);
    written.push(file);
  }
  return written;
}

if (process.argv[1] && /make-demo-images\.ts$/.test(process.argv[1])) {
  makeDemoImages().then((files) => {
    for (const f of files) console.log(`wrote ${path.relative(process.cwd(), f)}`);
  });
}
