import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/session";

/**
 * `/login?callbackUrl=…` redirects a signed-in visitor (and a visitor who
 * signs in) only to a path on this site, whatever the spelling: Chromium reads `\` as `/` and drops
 * tabs and line breaks, so `/\evil.example` would otherwise leave the site.
 */
const SPELLINGS = [
  "/%5Cevil.example/x",
  "/%5C%5Cevil.example/x",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0d%0aLocation:%20https://evil.example/",
  "//evil.example/x",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "https://evil.example/",
  "http:evil.example",
  "%2F%5Cevil.example",
  "javascript:alert(document.domain)",
  "/%E3%80%82evil.example",
];

async function landsOnSite(page: Page, spelling: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.goto(`/login?callbackUrl=${spelling}`).catch(() => null);
  await page.waitForLoadState("domcontentloaded").catch(() => {});
  expect(new URL(page.url()).origin, spelling).toBe(origin);
  if (res) expect(res.status(), spelling).toBeLessThan(500);
}

test("a signed-in visitor is sent only to paths on this site, for every callbackUrl spelling", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "alice");
  for (const spelling of SPELLINGS) await landsOnSite(page, spelling);
  // A real path still works.
  await page.goto("/login?callbackUrl=%2Fsettings%2Fprofile");
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test("signing in from a hostile link lands on the site", async ({ page }) => {
  await page.goto("/login?callbackUrl=/%5Cevil.example/x");
  await page.getByLabel("Username or email").fill("alice");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  expect(new URL(page.url()).host).toMatch(/^localhost:/);
});
