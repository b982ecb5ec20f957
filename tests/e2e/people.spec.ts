import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/** Profiles, the author card and the profile settings, clicked through as a person would. */

const SHOTS = process.env.SHOTS_DIR || "test-results";

test("open a profile from an author link on the home page and on a post page; the card shows on hover", async ({ page, request }) => {
  const token = await apiLogin(request, "heidi");
  const open = await apiCreatePost(request, token, { title: unique("Heidi's open post") });
  const members = await apiCreatePost(request, token, { title: unique("Heidi's members post"), visibleScope: "ONLY_REGISTER" });
  const mine = await apiCreatePost(request, token, { title: unique("Heidi's private post"), visibleScope: "ONLY_ME" });

  // Home page → the author's name on the post's card → the profile.
  await page.goto("/");
  const card = page.getByTestId("post-card").filter({ hasText: open.title });
  await card.getByRole("link", { name: "heidi", exact: true }).click();
  await page.waitForURL("**/u/heidi");
  await expect(page.getByRole("heading", { level: 1, name: "heidi" })).toBeVisible();
  await expect(page.getByTestId("profile-introduction")).toContainText("Spirit Island");
  // Anonymous: only the public post is listed, never the members-only or private one.
  await expect(page.getByTestId("post-card").filter({ hasText: open.title })).toBeVisible();
  await expect(page.getByText(members.title)).toHaveCount(0);
  await expect(page.getByText(mine.title)).toHaveCount(0);

  // Post page → author link → profile; hovering the author shows the card first.
  await page.goto(`/posts/${open.id}`);
  const author = page.getByTestId("post-author");
  await author.hover();
  const hover = page.getByTestId("user-card");
  await expect(hover).toBeVisible();
  await expect(hover).toContainText("heidi");
  await expect(hover).toContainText("Posts");
  await author.click();
  await page.waitForURL("**/u/heidi");

  // The Replies and Activity tabs answer and show the tab as current.
  await page.getByRole("link", { name: "Activity" }).click();
  await page.waitForURL("**/u/heidi?tab=activity");
  await expect(page.getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("profile-activity").filter({ hasText: open.title })).toBeVisible();
  await expect(page.getByTestId("profile-activity").filter({ hasText: mine.title })).toHaveCount(0);

  // Signed in as another member: the members-only post appears, the private one still does not.
  await signIn(page, "ivan");
  await page.goto("/u/heidi");
  await expect(page.getByTestId("post-card").filter({ hasText: members.title })).toBeVisible();
  await expect(page.getByText(mine.title)).toHaveCount(0);
});

test("edit the introduction and upload an avatar; both show on the profile and in a post's author line", async ({ page, request }) => {
  const token = await apiLogin(request, "grace");
  const post = await apiCreatePost(request, token, { title: unique("Grace explains EXPLAIN") });
  await signIn(page, "grace");

  // From the header's profile link to the settings through "Edit profile".
  await page.getByRole("link", { name: "Your profile (grace)" }).click();
  await page.waitForURL("**/u/grace");
  await page.getByRole("link", { name: "Edit profile" }).click();
  await page.waitForURL("**/settings/profile");
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Profile" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Introduction with a markdown preview.
  const intro = `Postgres DBA. I read **EXPLAIN** plans for fun (${Date.now().toString(36)}).`;
  await page.getByLabel("Introduction").fill(intro);
  // Desktop shows the preview beside the textarea (phones switch with Write / Preview).
  await expect(page.getByTestId("preview").locator("strong")).toHaveText("EXPLAIN");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();

  // Avatar: choose a file, see the preview, save.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose an image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("avatar-preview")).toBeVisible();
  await page.getByRole("button", { name: "Save avatar" }).click();
  await expect(page.getByText("Avatar updated.")).toBeVisible();
  // The page re-renders with the new avatar (a site-relative URL of the upload storage).
  const current = page.getByRole("img", { name: "grace (current avatar)" });
  await expect(current).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
  const avatarSrc = await current.getAttribute("src");
  const img = await request.get(avatarSrc!);
  expect(img.status()).toBe(200);

  // The profile shows both.
  await page.goto("/u/grace");
  await expect(page.getByTestId("profile-introduction").locator("strong")).toHaveText("EXPLAIN");
  await expect(page.getByTestId("profile-introduction")).toContainText(intro.slice(intro.indexOf("plans")));
  await expect(page.getByRole("img", { name: "grace" }).first()).toHaveAttribute("src", avatarSrc!);

  // And a post's author line uses the new avatar.
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByTestId("post-author").locator("xpath=..").locator("img")).toHaveAttribute("src", avatarSrc!);
});

test("settings navigation links every settings page, and notification settings list only a member's types", async ({ page }) => {
  await signIn(page, "frank");
  await page.goto("/settings");
  await page.waitForURL("**/settings/profile");
  const nav = page.getByRole("navigation", { name: "Settings" });
  for (const [name, path] of [
    ["Notifications", "/settings/notifications"],
    ["Email", "/settings/email"],
    ["Password", "/settings/password"],
    ["Active sign-ins", "/settings/sessions"],
    ["API tokens", "/settings/tokens"],
  ] as const) {
    await nav.getByRole("link", { name }).click();
    await page.waitForURL(`**${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByLabel("Comments and replies to me")).toBeVisible();
  await expect(page.getByLabel("Mentions of me")).toBeVisible();
  // No moderator or admin types for a member, and none for features this forum does not have.
  await expect(page.getByLabel("Posts waiting for review (moderators)")).toHaveCount(0);
  await expect(page.getByLabel("Point redemptions (admins)")).toHaveCount(0);
  await expect(page.getByLabel("Someone followed me")).toHaveCount(0);
  await expect(page.getByLabel("Donations to my posts")).toHaveCount(0);
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

test("screenshots: profile, author card and settings at 1280 and 390 px, light and dark", async ({ browser, request }) => {
  const token = await apiLogin(request, "dave");
  await apiCreatePost(request, token, { title: unique("Fog at sunrise, again"), content: "A **long** exposure from the ridge." });
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await page.goto("/u/alice");
      await expect(page.getByRole("heading", { level: 1, name: "alice" })).toBeVisible();
      await shoot(page, `people-profile-${width}-${scheme}`);
      if (width === 390) {
        // Phones: the tag filter folds behind a button, so the first post is on the first screen.
        await page.goto("/");
        await expect(page.getByTestId("tag-filter")).toBeHidden();
        await expect(page.getByTestId("post-card").first()).toBeInViewport();
        await shoot(page, `people-home-${width}-${scheme}`);
        await page.getByRole("button", { name: "Filter by tag" }).click();
        await expect(page.getByTestId("tag-filter")).toBeVisible();
      }
      if (width === 1280) {
        await page.goto("/");
        const link = page.getByTestId("post-card").first().locator("a[href^='/u/']").last();
        await link.hover();
        await expect(page.getByTestId("user-card")).toContainText("Level");
        await shoot(page, `people-card-${width}-${scheme}`);
      }
      await signIn(page, "dave");
      await page.goto("/settings/profile");
      await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
      await shoot(page, `people-settings-${width}-${scheme}`);
      await page.goto("/settings/notifications");
      await expect(page.getByLabel("Mentions of me")).toBeVisible();
      await shoot(page, `people-notifications-${width}-${scheme}`);
      await ctx.close();
    }
  }
});

test("category and tag indexes list counts and descriptions; the footer's API link opens the readable docs", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Categories" }).click();
  await page.waitForURL("**/categories");
  const firstCategory = page.getByTestId("category-index").getByRole("link").first();
  await expect(firstCategory).toContainText(/\d+ posts?/);
  await page.getByRole("link", { name: "All tags" }).click();
  await page.waitForURL("**/tags");
  await expect(page.getByTestId("tag-index").getByRole("link").first()).toContainText(/#.+\d+ posts?/);
  await page.getByRole("contentinfo").getByRole("link", { name: "API" }).click();
  await page.waitForURL("**/api-docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible(); // the site header is there
  await page.setViewportSize({ width: 390, height: 800 });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});

test("link crawl: no link on the home page, a post, a profile or the settings answers 404 or 500", async ({ page, request }) => {
  const token = await apiLogin(request, "erin");
  const post = await apiCreatePost(request, token, { title: unique("Crawl me"), content: "Ask @alice about it." });
  const collect = async (paths: string[]) => {
    const hrefs = new Set<string>();
    for (const path of paths) {
      await page.goto(path);
      for (const href of await page.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
        const clean = href.split("#")[0]!;
        if (clean && !clean.startsWith("/logout")) hrefs.add(clean);
      }
    }
    return [...hrefs];
  };
  const check = async (hrefs: string[]) => {
    const bad: string[] = [];
    for (const href of hrefs) {
      const res = await page.request.get(href, { maxRedirects: 5 });
      if (res.status() >= 400) bad.push(`${res.status()} ${href}`);
    }
    return bad;
  };
  const anonymous = await collect(["/", `/posts/${post.id}`, "/u/erin", "/categories", "/tags"]);
  expect(await check(anonymous)).toEqual([]);
  await signIn(page, "erin");
  const signedIn = await collect([
    "/",
    `/posts/${post.id}`,
    "/u/erin",
    "/settings/profile",
    "/settings/notifications",
    "/settings/email",
    "/settings/password",
    "/settings/sessions",
    "/settings/tokens",
  ]);
  expect(await check(signedIn)).toEqual([]);
  console.log(`link crawl: ${anonymous.length} links signed out, ${signedIn.length} signed in, none 404/500`);
  expect(anonymous.length + signedIn.length).toBeGreaterThan(40);
});

test("open a profile from a notification's sender", async ({ page, request }) => {
  const heidi = await apiLogin(request, "heidi");
  const ivan = await apiLogin(request, "ivan");
  const post = await apiCreatePost(request, heidi, { title: unique("Spirit Island tonight?") });
  const c = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { authorization: `Bearer ${ivan}` },
    data: { content: "Count me in!" },
  });
  expect(c.status()).toBe(201);
  await signIn(page, "heidi");
  await page.goto("/notifications");
  const item = page.getByTestId("notification").filter({ hasText: post.title });
  await item.getByTestId("notification-actor").click();
  await page.waitForURL("**/u/ivan");
  await expect(page.getByRole("heading", { level: 1, name: "ivan" })).toBeVisible();
});

test("tag picker: Enter picks the highlighted suggestion, the arrows move the highlight", async ({ page, request }) => {
  await signIn(page, "judy");
  const tags: { name: string }[] = await (await request.get("/api/tags?pageSize=100")).json();
  // A prefix that more than one tag starts with, so the arrows have somewhere to go.
  const prefix = ["re", "ba", "s", "p", "c"].find((p) => tags.filter((t) => t.name.startsWith(p)).length >= 2) ?? tags[0]!.name.slice(0, 1);
  await page.goto("/new");
  const search = page.getByLabel("Tags", { exact: true });
  await search.fill(prefix);
  const highlighted = page.locator("[data-highlighted='true']");
  await expect(highlighted).toHaveCount(1);
  const first = (await highlighted.textContent())!;
  await search.press("ArrowDown");
  await expect(highlighted).not.toHaveText(first);
  const second = (await highlighted.textContent())!;
  await search.press("Enter");
  await expect(page.getByTestId("selected-tags")).toContainText(second);
  await expect(page.getByTestId("selected-tags")).not.toContainText(first);
  await expect(search).toHaveValue("");
});
