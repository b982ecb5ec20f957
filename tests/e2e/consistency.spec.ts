import { expect, test } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { HomePage } from "./pages/home-page";
import { signIn } from "./pages/session";

/**
 * one confirmation style (no browser pop-ups), settings sections that do not jump
 * sideways, a category filter that applies on change, and touch targets of at least 24 px on the home page.
 */

test("deleting a post asks inline, not with a browser pop-up; Escape and Cancel keep it; the action deletes it", async ({
  page,
  request,
}) => {
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Delete me inline") });
  const popups: string[] = [];
  page.on("dialog", (d) => {
    popups.push(d.message());
    void d.dismiss();
  });
  await signIn(page, "alice");
  await page.goto(`/posts/${post.id}`);
  const del = page.getByRole("button", { name: "Delete", exact: true });
  await del.click();
  const ask = page.getByRole("group", { name: "Delete this post? This cannot be undone." });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole("button", { name: "Delete post" })).toBeFocused();
  await expect(del).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: "test-results/shots-nav/confirm-inline-light.png" });
  await page.keyboard.press("Escape");
  await expect(ask).toHaveCount(0);
  await expect(del).toBeFocused();

  await del.click();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole("heading", { name: post.title })).toBeVisible();

  await del.click();
  await ask.getByRole("button", { name: "Delete post" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  expect((await request.get(`/api/posts/${post.id}`)).status()).toBe(404);
  expect(popups).toEqual([]);
});

test("the settings sections start at the same left edge on every tab", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "alice");
  const lefts = new Map<string, number>();
  for (const path of [
    "/settings/profile",
    "/settings/notifications",
    "/settings/email",
    "/settings/password",
    "/settings/sessions",
    "/settings/tokens",
  ]) {
    await page.goto(path);
    const h1 = page.getByRole("main").getByRole("heading", { level: 1 });
    await expect(h1).toBeVisible();
    lefts.set(path, Math.round((await h1.boundingBox())!.x));
  }
  expect(new Set(lefts.values()).size, JSON.stringify(Object.fromEntries(lefts))).toBe(1);
});

test("the home page's category filter applies on change, with no Filter button to press", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto("/");
  await expect(page.getByRole("button", { name: "Filter", exact: true })).toHaveCount(0);
  const select = page.getByLabel("Category", { exact: true });
  const option = select.locator("option").nth(1);
  const name = ((await option.textContent()) ?? "").replace(/ \(\d+\)$/, "");
  const value = (await option.getAttribute("value"))!;
  await Promise.all([page.waitForURL((u) => u.searchParams.get("categoryId") === value), select.selectOption(value)]);
  await expect(home.cards.first()).toBeVisible();
  for (const c of await home.cards.all()) await expect(c.locator(".pc-category")).toHaveText(name);
  await Promise.all([page.waitForURL((u) => !u.searchParams.has("categoryId")), select.selectOption("")]);
});

for (const width of [1280, 390]) {
  test(`touch targets of the home page's category, tag and filter chips are at least 24 px tall at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    if (width < 640) await page.getByRole("button", { name: "Filter by tag" }).click();
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main .pc-category, main .tag-chip, main .filter-chip")]
        .filter((e) => e.offsetParent !== null)
        .map((e) => ({ text: e.textContent, h: e.getBoundingClientRect().height })),
    );
    expect(heights.length).toBeGreaterThan(5);
    expect(heights.filter((x) => x.h < 24)).toEqual([]);
  });
}
