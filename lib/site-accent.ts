/**
 * The accent colour an admin chooses (issue 61), checked and turned into the palette the interface's
 * `sky-*` utilities read (Tailwind 4 reads them from `--color-sky-<n>` variables, so one style on
 * <html> recolours every link, button and focus ring). Pure: the settings form checks as it types,
 * the service refuses what fails.
 *
 * The rule (WCAG 2.2 AA, both themes):
 * - the colour itself is the light theme's link text and every theme's button fill under white text:
 *   it needs 4.5:1 against white (text on the page, white on the button are the same pair);
 * - in the dark theme the button fill must stand out from the page as a component: 3:1 against the
 *   dark background (#09090b, 1.4.11);
 * - the dark theme's link text is the colour lightened until it has 4.5:1 against the dark background
 *   and the dark cards (#18181b), which every colour that passes the two checks above reaches.
 * No single colour has 4.5:1 against both white and near-black, which is why the dark text is derived.
 */

export const LIGHT_BG = "#ffffff";
export const DARK_BG = "#09090b";
const DARK_CARD = "#18181b";

type Rgb = [number, number, number];

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function parseHex(hex: string): Rgb | null {
  if (!HEX_COLOR.test(hex)) return null;
  return [0, 2, 4].map((i) => parseInt(hex.slice(1 + i, 3 + i), 16)) as Rgb;
}

const toHex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const x = luminance(parseHex(a)!);
  const y = luminance(parseHex(b)!);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `a` mixed with `b`, `t` of the way (0: a, 1: b). */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a)!;
  const y = parseHex(b)!;
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb);
}

/** The colour lightened just enough to have `ratio` against both dark backgrounds. */
function lightenedFor(hex: string, ratio: number): string {
  for (let t = 0; t <= 1; t += 0.02) {
    const c = mix(hex, "#ffffff", t);
    if (contrast(c, DARK_BG) >= ratio && contrast(c, DARK_CARD) >= ratio) return c;
  }
  return "#ffffff";
}

export type AccentProblem = { theme: "light" | "dark"; ratio: number; needed: number; against: string };

/** Why a colour fails the rule above, or null when it passes. */
export function accentProblem(hex: string): AccentProblem | null {
  if (!parseHex(hex)) return null;
  const light = contrast(hex, LIGHT_BG);
  if (light < 4.5) return { theme: "light", ratio: round(light), needed: 4.5, against: LIGHT_BG };
  const dark = contrast(hex, DARK_BG);
  if (dark < 3) return { theme: "dark", ratio: round(dark), needed: 3, against: DARK_BG };
  return null;
}

const round = (n: number) => Math.floor(n * 100) / 100;

/**
 * The `--color-sky-*` variables for a colour that passed (the light and the dark set: the dark one
 * applies under `.dark`). The light theme's text, fills and outlines are the colour itself; hover
 * states darker; tinted backgrounds mixed with white (light) or the dark page (dark).
 */
export function accentPalette(hex: string): { light: Record<string, string>; dark: Record<string, string> } {
  const darkText = lightenedFor(hex, 4.5);
  const light = {
    "--color-sky-50": mix(hex, "#ffffff", 0.94),
    "--color-sky-100": mix(hex, "#ffffff", 0.88),
    "--color-sky-200": mix(hex, "#ffffff", 0.75),
    "--color-sky-300": mix(hex, "#ffffff", 0.55),
    "--color-sky-400": darkText,
    "--color-sky-500": hex,
    "--color-sky-600": hex,
    "--color-sky-700": hex,
    "--color-sky-800": mix(hex, "#000000", 0.18),
    "--color-sky-900": mix(hex, "#000000", 0.35),
    "--color-sky-950": mix(hex, DARK_BG, 0.7),
  };
  return {
    light,
    dark: {
      ...light,
      "--color-sky-200": mix(darkText, "#ffffff", 0.5),
      "--color-sky-300": mix(darkText, "#ffffff", 0.3),
      "--color-sky-600": mix(hex, darkText, 0.35),
      "--color-sky-900": mix(hex, DARK_BG, 0.55),
    },
  };
}

/** The palette as one stylesheet: `:root` for the light theme, `.dark` for the dark one. */
export function accentStylesheet(hex: string): string {
  const p = accentPalette(hex);
  const decl = (vars: Record<string, string>) =>
    Object.entries(vars)
      .map(([k, v]) => `${k}:${v}`)
      .join(";");
  return `:root{${decl(p.light)}}:root.dark{${decl(p.dark)}}`;
}
