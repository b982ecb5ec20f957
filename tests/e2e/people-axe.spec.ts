import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { signIn } from "./pages/session";

/** axe-core on the pages issue 17 added (profile tabs, settings, indexes), light and dark, signed in and out. */

const PUBLIC = ["/u/alice", "/u/alice?tab=replies", "/u/alice?tab=activity", "/categories", "/tags"];
const SIGNED_IN = ["/u/alice", "/settings/profile", "/settings/notifications"];

async function violations(browser: Browser, scheme: "light" | "dark", user: string | null, paths: string[]) {
  const ctx = await browser.newContext({ colorScheme: scheme });
  const page = await ctx.newPage();
  if (user) await signIn(page, user);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const r = await new AxeBuilder({ page }).include("main").analyze();
    for (const v of r.violations) found.push(`${scheme} ${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(" ")} ${v.nodes[0]?.failureSummary?.split("\n")[1] ?? ""}`);
  }
  await ctx.close();
  return found;
}

test("axe: the profile, settings and index pages have no violations in their main content", async ({ browser }) => {
  const all: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    all.push(...(await violations(browser, scheme, null, PUBLIC)));
    all.push(...(await violations(browser, scheme, "judy", SIGNED_IN)));
  }
  console.log(`axe: ${all.length} violations\n${all.join("\n")}`);
  expect(all).toEqual([]);
});
