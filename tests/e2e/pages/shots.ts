import type { Locator, Page } from "@playwright/test";

/** The two widths every journey is checked at: a desktop window and a 390 px phone. */
export const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/**
 * Screenshots of the page in the light theme, then in the dark one the way the page follows a change of
 * the system theme (the media feature, and the `dark` class THEME_INIT_SCRIPT sets from it), written to
 * `<dir>/<name>-light.png` and `-dark.png`; the page is left light. `at` is scrolled into view first.
 */
export async function shootLightAndDark(page: Page, dir: string, name: string, opts: { fullPage?: boolean; at?: Locator } = {}) {
  if (opts.at) await opts.at.scrollIntoViewIfNeeded();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${dir}/${name}-${scheme}.png`, fullPage: opts.fullPage ?? false });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}
