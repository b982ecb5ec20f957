import { expect, test, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { shootLightAndDark } from "./pages/shots";

/**
 * /admin is the staff dashboard (members, posts, comments, sign-ups and active members
 * over 1/7/30 days with a chart, open flags, pending posts, the mail queue, links into each admin page),
 * reached from the header's menu. Moderators see the moderation part; members get the 404 page.
 */

const SHOTS = "test-results/shots-nav";

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name, { fullPage: true });

/** A post by alice flagged by bob: at least one open flag on the dashboard. */
async function flaggedPost(request: Parameters<typeof apiLogin>[0]) {
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Flag me for the dashboard") });
  const res = await request.post("/api/flags", {
    headers: { Authorization: `Bearer ${await apiLogin(request, "bob")}` },
    data: { postId: post.id, reason: "SPAM", note: "dashboard e2e" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return post;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an admin's dashboard at ${viewport.width} px: what needs attention, activity with charts, links into the admin pages`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await flaggedPost(request);
    await signIn(page, "admin");
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Admin" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await expect(page).toHaveTitle(/Overview/);
    await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();

    const flags = page.getByTestId("dashboard-flags");
    await expect(flags).toBeVisible();
    expect(Number((await flags.locator("span.text-2xl").textContent())?.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("dashboard-pending")).toBeVisible();
    await expect(page.getByTestId("dashboard-mail")).toContainText(/failed/);
    for (const key of ["signups", "active", "posts", "comments"]) {
      const card = page.getByTestId(`activity-${key}`);
      await expect(card).toBeVisible();
      await expect(card.getByRole("img")).toHaveAttribute("aria-label", /per day over the last 30 days|none in the last 30 days/);
      for (const w of ["day", "week", "month"]) await expect(card.getByTestId(`activity-${key}-${w}`)).toHaveText(/^\d[\d,]*$/);
    }
    // The seeded forum has posts and members: the 30-day numbers are not all zero, and the week is within the month.
    const month = Number(await page.getByTestId("activity-posts-month").textContent());
    const week = Number(await page.getByTestId("activity-posts-week").textContent());
    expect(week).toBeLessThanOrEqual(month);
    await expect(page.getByTestId("activity-signups").getByText(/in all/)).toBeVisible();

    // The table of days opens from its summary and holds 30 rows.
    await page.getByText("Numbers per day").click();
    await expect(page.getByRole("region", { name: "Numbers per day" }).locator("tbody tr")).toHaveCount(30);

    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await shoot(page, `dashboard-admin-${viewport.width}`);
    expect(await axeLightAndDark(page, `/admin at ${viewport.width}`)).toEqual([]);

    // Each figure leads into its admin page.
    const pages = page.locator("section[aria-labelledby=pages-heading]");
    for (const [label, path] of [
      ["Users", "/admin/users"],
      ["Audit log", "/admin/audit"],
      ["Outgoing mail", "/admin/mail"],
    ] as const)
      await expect(pages.getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("href", path);
    await page
      .getByTestId("dashboard-mail")
      .getByRole("link", { name: /Outgoing mail/ })
      .click();
    await page.waitForURL((u) => u.pathname === "/admin/mail");
    await page.goBack();
    await page
      .getByTestId("dashboard-flags")
      .getByRole("link", { name: /Review flags/ })
      .click();
    await page.waitForURL((u) => u.pathname === "/review");
    await expect(page.getByRole("heading", { name: "Flags" })).toBeVisible();
  });
}

test("a moderator's dashboard has the moderation part only; a member gets the 404 page; a visitor is asked to sign in", async ({
  page,
  browser,
}) => {
  await signIn(page, "moderator");
  await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Admin" }).click();
  await page.waitForURL((u) => u.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  await expect(page.getByTestId("dashboard-flags")).toBeVisible();
  await expect(page.getByTestId("dashboard-pending")).toBeVisible();
  await expect(page.getByTestId("activity-posts")).toBeVisible();
  await expect(page.getByTestId("dashboard-mail")).toHaveCount(0);
  await expect(page.getByTestId("activity-signups")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Administration" })).toHaveCount(0);
  await shoot(page, "dashboard-moderator-1280");
  expect(await axeLightAndDark(page, "/admin (moderator)")).toEqual([]);

  const ctx = await browser.newContext();
  const member = await ctx.newPage();
  await signIn(member, "alice");
  await member.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
  await expect(member.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  const res = await member.goto("/admin");
  expect(res?.status()).toBe(404);
  await expect(member.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await ctx.close();

  const anon = await browser.newPage();
  await anon.goto("/admin");
  await anon.waitForURL((u) => u.pathname === "/login");
  expect(new URL(anon.url()).searchParams.get("callbackUrl")).toBe("/admin");
  await anon.close();
});
