// npm run gen:icons — writes public/icons.svg, one <symbol> per lucide icon named in
// components/ui/icon-names.ts. List rows reference the sprite (`<use href="/icons.svg#eye">`, ~90 bytes)
// instead of inlining each SVG (~400 bytes; 20 rows × 4 icons on a list page); the sprite is a static,
// cached file. tests/unit/icons.test.ts fails when the committed file is out of date.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SPRITE_ICONS } from "../components/ui/icon-names";

type IconNode = [string, Record<string, string>][];

const attrs = (o: Record<string, string>) =>
  Object.entries(o)
    .filter(([k]) => k !== "key")
    .map(([k, v]) => ` ${k}="${v.replace(/"/g, "&quot;")}"`)
    .join("");

export async function buildSprite(root = process.cwd()): Promise<string> {
  const symbols: string[] = [];
  for (const name of SPRITE_ICONS) {
    const file = path.join(root, "node_modules/lucide-react/dist/esm/icons", `${name}.mjs`);
    const mod = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
    const body = mod.__iconData.node.map(([tag, a]) => `<${tag}${attrs(a)}/>`).join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(path.join(process.cwd(), "public/icons.svg"), await buildSprite());
  console.log(`public/icons.svg: ${SPRITE_ICONS.length} icons`);
}
