import { mkdirSync } from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * a slow navigation or submit shows a progress bar (after ~150 ms), a slow form's button
 * its pending state; a fast navigation shows nothing at all. The network is throttled the way a phone on
 * a poor connection sees it: 400 ms of latency, 60 KB/s.
 */

const SHOTS = "test-results/screens-54";

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 60 * 1024,
    uploadThroughput: 60 * 1024,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}

/** Counts every moment the bar is in the document, from now on (a MutationObserver sees even one frame). */
async function watchBar(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __barSeen: number };
    w.__barSeen = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="nav-progress"]')) w.__barSeen++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __barSeen: number }).__barSeen);
}

const postLink = (page: Page) => page.getByTestId("post-card").first().locator('a[href^="/posts/"]').first();

for (const w of WIDTHS) {
  test(`${w.name}: a slow navigation shows the progress bar until the page arrives`, async ({ page, context }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto("/");
    await page.waitForLoadState("networkidle"); // hydrated: the page's own handlers are in place
    const link = postLink(page);
    const href = await link.getAttribute("href");
    const unthrottle = await throttle(context, page);
    const barSeen = await watchBar(page);

    await link.click();
    const bar = page.getByRole("progressbar", { name: "Loading…" });
    await expect(bar).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/"); // still the old page: the bar is the only sign
    await shootLightAndDark(page, SHOTS, `10-progress-${w.name}`);
    await page.waitForURL((u) => u.pathname === href);
    await expect(bar).toHaveCount(0);
    expect(await barSeen()).toBeGreaterThan(0);
    await unthrottle();
  });
}

test("a fast navigation (its answer at once) never shows the bar", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const link = postLink(page);
  const href = (await link.getAttribute("href"))!;
  // The post page's RSC answer is recorded on the first visit and served again from memory on the
  // second: that navigation waits for no network at all, only for the browser's rendering.
  let saved: { status: number; headers: Record<string, string>; body: Buffer } | null = null;
  await page.route(
    (u) => u.pathname === href,
    async (route) => {
      const h = route.request().headers();
      if (h["rsc"] !== "1" || h["next-router-prefetch"]) return route.continue();
      if (saved) return route.fulfill(saved);
      const response = await route.fetch();
      saved = { status: response.status(), headers: response.headers(), body: await response.body() };
      await route.fulfill(saved);
    },
  );
  await link.click();
  await page.waitForURL((u) => u.pathname === href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(saved).not.toBeNull();
  await page.goBack();
  await page.waitForURL((u) => u.pathname === "/");
  await page.waitForLoadState("networkidle");

  const barSeen = await watchBar(page);
  const started = Date.now();
  await postLink(page).click();
  await page.waitForURL((u) => u.pathname === href);
  const took = Date.now() - started;
  console.log(`fast navigation: ${took} ms from the click to the new address`);
  // Give a late bar the time to appear (it would have by now: 150 ms after the click).
  await page.waitForTimeout(400);
  expect(await barSeen()).toBe(0);
  await expect(page.getByRole("progressbar", { name: "Loading…" })).toHaveCount(0);
});

test("a slow form submit: the bar, the form aria-busy and its button pending, all gone when saved", async ({ page, context }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, "erin");
  await page.goto("/settings/profile");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "About you" });
  const button = form.locator('button[type="submit"]');
  await expect(button).toBeEnabled();
  const unthrottle = await throttle(context, page);
  // The save itself answers after 2 s more (on top of the throttling): time to look at the pending state.
  await page.route("**/api/users/me", async (route) => {
    if (route.request().method() !== "GET") await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await button.click();
  // One moment where all three hold: the bar, the form busy, its submit button pending.
  await page.waitForFunction(
    () => {
      const btn = document.querySelector('form[aria-labelledby="details-heading"] button[type=submit]');
      return (
        !!document.querySelector('[role="progressbar"][aria-label="Loading…"]') &&
        btn?.hasAttribute("data-pending") &&
        btn.closest("form")?.getAttribute("aria-busy") === "true"
      );
    },
    null,
    { polling: "raf" },
  );
  await expect(button).toHaveText("Saving…");
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/10-submit-pending-desktop-light.png` });
  await expect(form.getByText("Profile saved.")).toBeVisible({ timeout: 20_000 });
  await expect(button).not.toHaveAttribute("data-pending");
  await expect(form).not.toHaveAttribute("aria-busy");
  await expect(page.getByRole("progressbar", { name: "Loading…" })).toHaveCount(0);
  await unthrottle();
});
