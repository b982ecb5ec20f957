import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { EditorPage } from "./pages/editor-page";
import { HomePage } from "./pages/home-page";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/** The forum pages in a real browser against a production build with the demo community. */

const shot = (name: string) => ({ path: `test-results/forum-${name}.png`, fullPage: true });

function htmlEscape(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

test("the home page HTML (no JavaScript) contains the first page of post titles", async ({ request }) => {
  const posts: { title: string }[] = await (await request.get("/api/posts?pageSize=20")).json();
  expect(posts.length).toBeGreaterThan(0);
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  for (const p of posts) {
    const found =
      html.includes(htmlEscape(p.title)) || html.includes(p.title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    expect(found, p.title).toBe(true);
  }
  expect(html).toMatch(/<title>[^<]+<\/title>/);
});

test("browse and filter by category and tag, open a post", async ({ page, request }) => {
  const home = new HomePage(page);
  await home.goto("/");
  await expect(page).toHaveTitle(/Forum/);
  expect((await home.titles()).length).toBeGreaterThan(0);

  const cats: { id: number; name: string; count: number }[] = await (await request.get("/api/categories")).json();
  const cat = cats.find((c) => c.count > 0)!;
  await home.chooseCategory(cat.name);
  await expect(home.cards.first()).toBeVisible();
  const catLinks = await home.cards.getByRole("link", { name: new RegExp(cat.name) }).count();
  expect(catLinks).toBe(await home.cards.count());

  // A tag of the first listed post, added to the filter: every card carries it and the URL says so.
  const tagName = (await home.cards.first().getByRole("list", { name: "Tags" }).getByRole("link").first().innerText()).replace(/^#/, "");
  await home.toggleTag(tagName);
  await page.waitForURL((u) => !!u.searchParams.get("tagIds") && u.searchParams.get("categoryId") === String(cat.id));
  const n = await home.cards.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await expect(home.cards.nth(i).getByRole("list", { name: "Tags" })).toContainText(`#${tagName}`);
  await page.screenshot(shot("filtered"));

  // The shareable URL reproduces the same list.
  const url = page.url();
  const titles = await home.titles();
  await page.goto(url);
  expect(await home.titles()).toEqual(titles);

  // Category page and tag page.
  await page.goto(`/c/${cat.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cat.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(cat.name));

  // Open a post from the list.
  const first = home.cards.first().getByRole("heading", { level: 2 });
  const title = await first.innerText();
  await first.getByRole("link").click();
  const post = new PostPage(page);
  await expect(post.title).toHaveText(title);
  await expect(post.content).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.screenshot(shot("post"));
});

test("tabs and paging keep the URL shareable", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto("/");
  await home.tab("Recent activity");
  await page.waitForURL(/tab=activity/);
  await expect(page.getByRole("link", { name: "Recent activity" })).toHaveAttribute("aria-current", "page");
  const older = page.getByRole("link", { name: /Older/ });
  if (await older.count()) {
    await older.click();
    await page.waitForURL(/page=1/);
    expect(page.url()).toContain("tab=activity");
  }
});

test("alice writes a post with an uploaded image", async ({ page }) => {
  await signIn(page, "alice");
  await expect(page.getByTestId("header-points")).toBeVisible();
  await expect(page.getByTestId("unread-count")).toBeVisible();

  const editor = new EditorPage(page);
  await editor.gotoNew();
  const title = unique("Sunset over the harbour");
  const tags: { name: string }[] = await (await page.request.get("/api/tags?pageSize=1")).json();
  await editor.fill({ title, tag: tags[0]!.name, content: "## Shot this evening\n\nA **quick** note with `code`." });

  // The draft survives a reload.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByText("Restored your unsaved draft.")).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  await editor.uploadImage({ name: "sunset.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("preview").locator("img")).toBeVisible();
  await expect(page.getByTestId("preview").locator("h2")).toHaveText("Shot this evening");
  await page.screenshot(shot("editor"));
  await editor.publish();

  const post = new PostPage(page);
  await expect(post.title).toHaveText(title);
  const img = post.content.locator("img");
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(post.content.locator("strong")).toHaveText("quick");
  await page.screenshot(shot("new-post"));

  // The draft is gone after publishing.
  await editor.gotoNew();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
});

test("comment, reply and react", async ({ page, request }) => {
  const bobToken = await apiLogin(request, "bob");
  const created = await apiCreatePost(request, bobToken, { title: unique("Which backup tool do you trust?") });
  await signIn(page, "alice");
  const post = new PostPage(page);
  await post.goto(created.id);

  const text = unique("Restic to a second disk, then offsite.");
  await post.comment(text);
  await page.reload();
  await expect(post.comments.filter({ hasText: text })).toBeVisible();
  const reply = unique("And test the restore!");
  await post.replyTo(text, reply);

  await post.reactToPost("Like");
  const like = post.postReactions().getByRole("button", { name: /^Like: 1 \(your reaction\)$/ });
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(post.postReactions().getByRole("button", { name: /^Like: 1 \(your reaction\)$/ })).toBeVisible();

  // React to the comment; toggling twice removes it.
  const c = post.comments.filter({ hasText: text }).first();
  const bar = c.getByRole("group", { name: /Reactions to the comment/ }).first();
  await bar.getByRole("button", { name: "React" }).click();
  await bar.getByRole("button", { name: "Fire", exact: true }).click();
  await expect(bar.getByRole("button", { name: /^Fire: 1/ })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot(shot("comments"));
  await bar.getByRole("button", { name: /^Fire: 1/ }).click();
  await expect(bar.getByRole("button", { name: /^Fire:/ })).toHaveCount(0);
});

test("vote in a poll", async ({ page, request }) => {
  const bobToken = await apiLogin(request, "bob");
  const endTime = new Date(Date.now() + 3600_000).toISOString();
  const created = await apiCreatePost(request, bobToken, {
    title: unique("Tabs or spaces?"),
    type: "POLL",
    poll: { options: ["Tabs", "Spaces", "Whatever the formatter says"], multiple: false, endTime },
  });
  await signIn(page, "alice");
  const post = new PostPage(page);
  await post.goto(created.id);
  const poll = page.getByTestId("poll");
  await poll.getByLabel("Whatever the formatter says").check();
  await poll.getByRole("button", { name: "Vote" }).click();
  await expect(poll.getByText("(your vote)")).toBeVisible();
  await expect(poll.getByRole("progressbar", { name: "Whatever the formatter says: 100%" })).toBeVisible();
  await expect(poll.getByText("1 person voted")).toBeVisible();
  await page.screenshot(shot("poll"));
  await page.reload();
  await expect(page.getByTestId("poll").getByText("(your vote)")).toBeVisible();
});

test("join a lottery", async ({ page, request }) => {
  const bobToken = await apiLogin(request, "bob");
  const created = await apiCreatePost(request, bobToken, {
    title: unique("Giveaway: a spare Raspberry Pi"),
    type: "LOTTERY",
    lottery: {
      prizeDescription: "A Raspberry Pi 4",
      prizeIcon: "",
      prizeCount: 1,
      pointCost: 0,
      endTime: new Date(Date.now() + 3600_000).toISOString(),
    },
  });
  await signIn(page, "alice");
  const post = new PostPage(page);
  await post.goto(created.id);
  const lottery = page.getByTestId("lottery");
  await expect(lottery.getByText(/Ends in/)).toBeVisible();
  await lottery.getByRole("button", { name: /^Join/ }).click();
  await expect(lottery.getByText("You joined")).toBeVisible();
  await expect(lottery.getByText("1 participant")).toBeVisible();
  await lottery.getByText("Provably fair draw").click();
  await expect(lottery.getByText(/Seed hash/)).toBeVisible();
  await expect(lottery.getByRole("link", { name: "Verify the draw" })).toHaveAttribute("href", `/api/posts/${created.id}/lottery/verify`);
  await page.screenshot(shot("lottery"));
});

test("a moderator pins and closes a post", async ({ page, request }) => {
  const aliceToken = await apiLogin(request, "alice");
  const created = await apiCreatePost(request, aliceToken, { title: unique("Please pin me") });
  await signIn(page, "moderator");
  const post = new PostPage(page);
  await post.goto(created.id);
  await post.menu().getByRole("button", { name: "Pin", exact: true }).click();
  await expect(post.menu().getByRole("button", { name: "Unpin" })).toBeVisible();
  await expect(page.getByRole("article").first().locator("header").getByText("Pinned")).toBeVisible();
  await post.menu().getByRole("button", { name: "Close", exact: true }).click();
  await expect(post.menu().getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(page.getByText("A moderator closed this post to new comments.")).toBeVisible();
  await expect(page.getByLabel("Write a comment")).toHaveCount(0);
  await page.screenshot(shot("moderated"));

  // Pinned posts come first in the list.
  const home = new HomePage(page);
  await home.goto("/");
  await expect(home.cards.first()).toContainText("Pinned");
  const history = await request.get(`/api/posts/${created.id}/change-logs`);
  const types = (await history.json()).map((l: { type: string }) => l.type);
  expect(types).toEqual(expect.arrayContaining(["PINNED", "CLOSED"]));
});

test("a signed-out visitor cannot see a members-only post", async ({ page, request }) => {
  const aliceToken = await apiLogin(request, "alice");
  const title = unique("Members only: meetup address");
  const created = await apiCreatePost(request, aliceToken, { title, visibleScope: "ONLY_REGISTER" });

  const res = await page.goto(`/posts/${created.id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.screenshot(shot("hidden-404"));
  const home = await (await request.get("/")).text();
  expect(home).not.toContain(title);

  await signIn(page, "bob");
  await page.goto(`/posts/${created.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Members only").first()).toBeVisible();
});

test("dark mode toggle is remembered", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  const toggle = page.getByRole("button", { name: /Color theme/ });
  await toggle.click(); // system → light
  await expect(html).not.toHaveClass(/dark/);
  await toggle.click(); // light → dark
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.screenshot(shot("dark"));
});

test("phone layout", async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await ctx.newPage();
  await page.goto("/");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot(shot("phone"));
  await ctx.close();
});
