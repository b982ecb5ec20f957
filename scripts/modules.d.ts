// Typings for a dev tool that ships none.
declare module "subset-font" {
  /** Cuts `font` (TTF, WOFF or WOFF2) to the glyphs of `text` with harfbuzz's hb-subset (wasm). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      preserveNameIds?: number[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
