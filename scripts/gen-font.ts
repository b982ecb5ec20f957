// npm run gen:font — writes app/fonts/geist-sans-latin.woff2: the Geist Sans variable font (the `geist`
// package, SIL Open Font License) cut to the characters the interface and most Latin-script posts use.
// The package's whole font is 69 KB; every first visit downloads it beside the page's scripts (a phone
// on a slow link shares its bandwidth between them). Characters outside these ranges (Chinese, Greek,
// Cyrillic, emoji) are drawn by the system's fonts, as they were: Geist has no CJK glyphs.
// The weight axis (100-900) is kept. tests/unit/font-subset.test.ts fails when the file is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
export const SOURCE = path.join(root, "node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2");
export const TARGET = path.join(root, "app/fonts/geist-sans-latin.woff2");

/** Unicode ranges kept, as [first, last] code points. */
export const RANGES: [number, number][] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x017f], // Latin-1 Supplement, Latin Extended-A
  [0x2000, 0x206f], // General Punctuation: dashes, quotes, ellipsis, bullets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

export async function subset(): Promise<Buffer> {
  let text = "";
  for (const [a, b] of RANGES) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  return subsetFont(readFileSync(SOURCE), text, { targetFormat: "woff2" });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const out = await subset();
  writeFileSync(TARGET, out);
  console.log(`[gen:font] ${path.relative(root, TARGET)}: ${readFileSync(SOURCE).length} -> ${out.length} bytes`);
}
