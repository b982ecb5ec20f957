import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The axe rules whose outcome depends on colours. The dark theme differs from the light one only in
 * colours (every `dark:` variant in the app sets a text, background, border, divide, ring, fill or
 * stroke colour; no element is shown or hidden by the theme), so the dark pass runs these and the light
 * pass runs every rule.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core on the page as loaded (light: the context's colour scheme must be light), then in the dark
 * theme the way the page follows a change of the system theme: the media feature changes and the
 * `dark` class follows it (THEME_INIT_SCRIPT and the header's ThemeToggle do the same), once every
 * colour transition has finished. Returns one line per violation, prefixed with the scheme and `label`.
 *
 * Legacy mode (axe.run in the page) instead of the default runPartial + finishRun, which opens a blank
 * page per call to finish in: the app's pages have no frames, so the results are the same, in half the
 * time. `scope` narrows the audit (AxeBuilder.include) on pages where axe would take too long on
 * repeated blocks.
 */
export async function axeLightAndDark(page: Page, label: string, scope: string[] = []): Promise<string[]> {
  const found: string[] = [];
  // Next.js streams a page's metadata after its body: wait for the <title> so that axe audits the page
  // a reader ends up with, not the instant before the title arrives (the document-title rule failed
  // that way in CI, once per few hundred audits).
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  for (const scheme of ["light", "dark"] as const) {
    if (scheme === "dark") {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.evaluate(() => document.documentElement.classList.toggle("dark", matchMedia("(prefers-color-scheme: dark)").matches));
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished),
        ),
      );
    }
    const axe = new AxeBuilder({ page }).setLegacyMode(true);
    for (const s of scope) axe.include(s);
    if (scheme === "dark") axe.withRules(COLOUR_RULES);
    const t0 = Date.now();
    const r = await axe.analyze();
    if (process.env.AXE_TIMES) console.log(`${scheme} ${label}: axe ${Date.now() - t0} ms`);
    for (const v of r.violations) {
      const n = v.nodes[0];
      found.push(
        `${scheme} ${label}: ${v.id} ×${v.nodes.length} ${n?.target.join(" ") ?? ""} ${n?.failureSummary?.split("\n")[1]?.trim() ?? ""}`,
      );
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}
