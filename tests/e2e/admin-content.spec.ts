import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/** the admin pages for categories, tags, point goods and site settings, clicked through. */

test.describe.configure({ timeout: 120_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PAGES = ["/admin/categories", "/admin/tags", "/admin/goods", "/admin/settings"];

test("the content admin pages are the 404 page for anyone but an admin", async ({ page }) => {
  await signIn(page, "moderator");
  for (const path of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test("an admin creates a category and moves it to the top of the list members see", async ({ page, request }) => {
  const name = unique("Gardening").slice(0, 40);
  await signIn(page, "admin");
  await page.goto("/admin/categories");
  const create = page.getByRole("form", { name: "New category" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Description").fill("Seeds, soil and patience");
  await create.getByRole("button", { name: "Create category" }).click();
  const row = page.getByTestId("admin-category").filter({ hasText: name });
  await expect(row).toContainText("Seeds, soil and patience");

  // Up until it is first.
  const position = async () => (await page.getByTestId("admin-category").allTextContents()).findIndex((t) => t.includes(name));
  for (let i = 0; i < 30 && (await position()) > 0; i++) {
    const before = await position();
    await row.getByRole("button", { name: `Move ${name} up` }).click();
    await expect.poll(position).toBeLessThan(before);
  }
  await expect(page.getByTestId("admin-category").first()).toContainText(name);
  const cats = (await (await request.get("/api/categories")).json()) as { name: string }[];
  expect(cats[0]!.name).toBe(name);
  await page.goto("/categories");
  await expect(page.getByRole("main")).toContainText(name);
  await page.screenshot({ path: "test-results/admin-categories.png", fullPage: true });

  // The audit log tells who did it.
  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("category.create");
  await expect(page.getByRole("main")).toContainText("category.reorder");
});

test("an admin creates a point good, members see it in the shop, retiring takes it out", async ({ page, browser }) => {
  const name = unique("Forum mug").slice(0, 40);
  await signIn(page, "admin");
  await page.goto("/admin/goods");
  const create = page.getByRole("form", { name: "New point good" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Cost in points").fill("250");
  await create.getByLabel("Description (optional)").fill("A mug with the logo");
  await create.getByRole("button", { name: "Create good" }).click();
  const row = page.getByTestId("admin-good").filter({ hasText: name });
  await expect(row).toContainText("250 points");

  const ctx = await browser.newContext();
  const member = await ctx.newPage();
  await signIn(member, "bob");
  await member.goto("/points");
  await expect(member.getByTestId("good").filter({ hasText: name })).toBeVisible();

  await row.getByRole("button", { name: `Retire ${name}` }).click();
  await expect(row.getByText("Retired")).toBeVisible();
  await page.screenshot({ path: "test-results/admin-goods.png", fullPage: true });
  await member.reload();
  await expect(member.getByTestId("goods")).toBeVisible();
  await expect(member.getByTestId("good").filter({ hasText: name })).toHaveCount(0);
  await ctx.close();
});

async function tagNamed(request: APIRequestContext, token: string, name: string): Promise<{ id: number; name: string }> {
  const res = await request.post("/api/tags", { headers: auth(token), data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test("an admin merges two tags: the post that had the old one now shows the other", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const stamp = Date.now().toString(36);
  const from = await tagNamed(request, admin, `colour-${stamp}`);
  const into = await tagNamed(request, admin, `color-${stamp}`);
  const alice = await apiLogin(request, "alice");
  const cats = (await (await request.get("/api/categories")).json()) as { id: number }[];
  const res = await request.post("/api/posts", {
    headers: auth(alice),
    data: {
      title: unique("Tagged for the merge"),
      content: "Which spelling wins?",
      categoryId: cats[0]!.id,
      tagIds: [from.id],
      type: "NORMAL",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const post = (await res.json()) as { id: number };

  await signIn(page, "admin");
  await page.goto(`/admin/tags?q=${stamp}`);
  const row = page.getByTestId("admin-tag").filter({ hasText: `#${from.name}` });
  await row.getByRole("button", { name: `Merge ${from.name} into another tag` }).click();
  const form = row.getByRole("form", { name: `Merge ${from.name}` });
  await form.getByLabel(`Merge #${from.name} into`).selectOption(String(into.id));
  await form.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByTestId("admin-tag").filter({ hasText: `#${from.name}` })).toHaveCount(0);
  await expect(page.getByTestId("admin-tag").filter({ hasText: `#${into.name}` })).toContainText("1 post");
  await page.screenshot({ path: "test-results/admin-tags.png", fullPage: true });

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole("link", { name: `#${into.name}` }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `#${from.name}` })).toHaveCount(0);
});

test("an admin closes registration: the sign-up page says so and the API refuses; reopening lets people in", async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Site settings" });
  await expect(page.getByRole("form", { name: "Rate limits" })).toContainText("Sign-in attempts");
  await form.getByLabel("Registration").selectOption("CLOSED");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.screenshot({ path: "test-results/admin-settings.png", fullPage: true });
  try {
    const ctx = await browser.newContext();
    const visitor = await ctx.newPage();
    await visitor.goto("/register");
    await expect(visitor.getByTestId("registration-closed")).toBeVisible();
    await ctx.close();
    const username = `closed_${Date.now().toString(36)}`;
    const refused = await request.post("/api/auth/register", {
      data: { username, email: `${username}@example.test`, password: "a-long-password-1" },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("registration_closed");
  } finally {
    await page.goto("/admin/settings");
    await page.getByRole("form", { name: "Site settings" }).getByLabel("Registration").selectOption("OPEN");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
  }
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/); // signed in: sent on
  const username = `open_${Date.now().toString(36)}`;
  expect(
    (
      await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: "a-long-password-1" } })
    ).status(),
  ).toBe(201);
});

test("an admin changes a rate limit on /admin/settings: saved, audited, served by the API", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Rate limits" });
  const save = form.getByRole("button", { name: "Save rate limits" });
  await expect(save).toBeDisabled();
  const limit = form.getByLabel("Verification mails: allowed per window");
  const window = form.getByLabel("Verification mails: window in seconds");
  await expect(limit).toHaveValue("3");
  await expect(window).toHaveValue("3600");
  await limit.fill("4");
  await window.fill("1800");
  await expect(form.getByRole("row", { name: /Verification mails/ })).toContainText("4 per 30 min");
  await save.click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.screenshot({ path: "test-results/admin-rate-limits.png", fullPage: true });
  try {
    const config = await page.request.get("/api/admin/config");
    expect((await config.json()).rateLimits.verifyResend).toEqual({ limit: 4, windowSeconds: 1800 });
    await page.goto("/admin/audit");
    await expect(page.getByRole("main")).toContainText("rate limit verify resend window seconds");
  } finally {
    await page.goto("/admin/settings");
    const again = page.getByRole("form", { name: "Rate limits" });
    await again.getByLabel("Verification mails: allowed per window").fill("3");
    await again.getByLabel("Verification mails: window in seconds").fill("3600");
    await again.getByRole("button", { name: "Save rate limits" }).click();
    await expect(again.getByRole("status")).toHaveText("Saved.");
  }
});

test("axe: the content admin pages have no violations, light and dark", async ({ browser }) => {
  const found: string[] = [];
  const ctx = await browser.newContext({ colorScheme: "light" });
  const page = await ctx.newPage();
  await signIn(page, "admin");
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    found.push(...(await axeLightAndDark(page, path, ["main"])));
  }
  await ctx.close();
  expect(found).toEqual([]);
});
