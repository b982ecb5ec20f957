import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/** Search (header suggestions, the search page), live updates over SSE and unread marks. */

const SHOTS = process.env.SHOTS_DIR || "test-results";

async function memberPage(browser: Browser, username: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, username);
  return page;
}

test("search from the header: suggestions as you type, keyboard choice opens the post", async ({ page, request }) => {
  const token = await apiLogin(request, "alice");
  const word = `quasar${Date.now().toString(36)}`;
  const post = await apiCreatePost(request, token, { title: `Notes on ${word} flux`, content: "分布式数据库的设计 and more" });

  await page.goto("/");
  const box = page.getByTestId("header-search");
  await box.fill(word.slice(0, -2)); // a prefix of the last word
  const list = page.getByTestId("search-suggestions");
  const option = list.getByRole("option").filter({ hasText: `Notes on ${word} flux` });
  await expect(option).toBeVisible();
  await expect(option.locator("mark").first()).toContainText(word);
  await box.press("ArrowDown");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  // Walk down to the post's option, then open it with Enter.
  const options = await list.getByRole("option").allTextContents();
  const index = options.findIndex((t) => t.includes(`Notes on ${word} flux`));
  for (let i = 0; i < index; i++) await box.press("ArrowDown");
  await box.press("Enter");
  await page.waitForURL(`**/posts/${post.id}`);
  await expect(new PostPage(page).title).toHaveText(`Notes on ${word} flux`);

  // Enter without a chosen suggestion goes to the search page.
  await page.getByTestId("header-search").fill(word);
  await page.getByTestId("header-search").press("Enter");
  await page.waitForURL(/\/search\?q=/);
  await expect(page.getByTestId("search-result").first()).toContainText(`Notes on ${word} flux`);
});

/** A word of letters only, new to this run (the vocabulary keeps words of letters). */
const letters = (prefix: string) =>
  prefix +
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

test("the search page finds CJK words and corrects typos, with filters and highlights", async ({ page, request }) => {
  const token = await apiLogin(request, "bob");
  const word = letters("zephyrine");
  const post = await apiCreatePost(request, token, { title: `关于 ${word} 分布式数据库的设计`, content: "一致性与可用性" });

  await page.goto(`/search?q=${encodeURIComponent("数据库的设计")}`);
  const hit = page.getByTestId("search-result").filter({ hasText: word });
  await expect(hit).toBeVisible();
  await expect(hit.locator("mark").first()).toHaveText("数据库的设计");
  // A two-character word inside the run finds it too.
  await page.goto(`/search?q=${encodeURIComponent("一致")}&author=bob`);
  await expect(page.getByTestId("search-result").filter({ hasText: word })).toBeVisible();

  // A typo is corrected from the forum's words, and the author filter narrows to bob's posts.
  await page.getByTestId("search-page-input").fill(word.replace("phyr", "pyr"));
  await page.getByLabel("Author").fill("bob");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("search-corrected")).toContainText(`Showing results for ${word}`);
  await expect(page.getByTestId("search-result").filter({ hasText: word })).toBeVisible();
  await page.getByTestId("search-result").filter({ hasText: word }).getByRole("link").first().click();
  await page.waitForURL(`**/posts/${post.id}`);

  await page.goto(`/search?q=${"x".repeat(101)}`);
  await expect(page.getByText("Search words: at most 100 characters")).toBeVisible();
});

test("the search page lists comments with their post, counts each kind, and filters by kind", async ({ page, request }) => {
  const token = await apiLogin(request, "alice");
  const word = letters("marzipanic");
  const post = await apiCreatePost(request, token, { title: unique("Holiday baking"), content: "What do you bake in December?" });
  const r = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: `My grandmother's ${word} stollen, every year.` },
  });
  expect(r.status()).toBe(201);
  const comment = (await r.json()) as { id: number };

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/search?q=${word}`);
    await expect(page.getByTestId("search-kind-posts")).toContainText("0");
    await expect(page.getByTestId("search-kind-comments")).toContainText("1");
    const hit = page.getByTestId("search-comment-result").filter({ hasText: "stollen" });
    await expect(hit).toBeVisible();
    await expect(hit.locator("mark").first()).toHaveText(word);
    await expect(hit).toContainText("alice");
    await page.screenshot({ path: `${SHOTS}/search-comments-${width}.png`, fullPage: true });
  }
  await page.getByTestId("search-kind-comments").click();
  await page.waitForURL(/type=comments/);
  await expect(page.getByTestId("search-kind-comments")).toHaveAttribute("aria-current", "page");
  await page
    .getByTestId("search-comment-result")
    .getByRole("link", { name: /stollen/ })
    .click();
  await page.waitForURL(new RegExp(`/posts/${post.id}#comment-${comment.id}$`));
});

test("a second browser sees a new reply appear live, and the header count updates", async ({ browser, request }) => {
  const aliceToken = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, aliceToken, { title: unique("Live thread") });

  const alice = await memberPage(browser, "alice");
  const bob = await memberPage(browser, "bob");
  const badge = alice.getByTestId("unread-count");
  await new PostPage(alice).goto(post.id);
  const before = Number((await badge.getAttribute("aria-label"))?.match(/(\d+) unread/)?.[1] ?? 0);
  await new PostPage(bob).goto(post.id);

  const text = unique("Live reply from bob");
  await new PostPage(bob).comment(text);
  // Alice's page shows it without a reload, within 2 seconds.
  await expect(new PostPage(alice).comments.filter({ hasText: text })).toBeVisible({ timeout: 2_000 });
  await expect(badge).toHaveAttribute("aria-label", `Notifications, ${before + 1} unread`, { timeout: 2_000 });
  await alice.context().close();
  await bob.context().close();
});

test("the home page shows new posts live and 'N new' on a post with replies since the last read", async ({ browser, request }) => {
  const aliceToken = await apiLogin(request, "alice");
  const bobToken = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, aliceToken, { title: unique("Unread marks") });

  const alice = await memberPage(browser, "alice");
  await new PostPage(alice).goto(post.id); // read now
  // The banner counts posts created while the live stream is open: wait until it is. The response
  // headers arrive before the server has subscribed the stream to the process's fan-out, so give it a
  // moment after them (a post created before that is in the list already, or behind a reload).
  const stream = alice.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await alice.goto("/");
  await stream;
  await alice.waitForTimeout(500);
  // Someone posts while alice looks at the list: the banner offers it.
  const fresh = await apiCreatePost(request, bobToken, { title: unique("Brand new from bob") });
  const banner = alice.getByTestId("new-posts-banner");
  await expect(banner).toHaveText(/1 new post — show/, { timeout: 5_000 });
  // Replies to the post alice read.
  for (const content of ["first reply", "second reply"]) {
    const res = await request.post(`/api/posts/${post.id}/comments`, {
      headers: { Authorization: `Bearer ${bobToken}` },
      data: { content },
    });
    expect(res.status()).toBe(201);
  }
  await banner.click();
  const card = alice.getByTestId("post-card").filter({ hasText: post.title });
  await expect(card.getByTestId("post-unread")).toHaveText("2 new");
  await expect(alice.getByTestId("post-card").filter({ hasText: fresh.title })).toBeVisible();

  await alice.setViewportSize({ width: 1280, height: 900 });
  await alice.screenshot({ path: `${SHOTS}/search-home-unread-desktop-light.png` });

  // Opening the post jumps to the first unread reply and clears the mark.
  await card.getByRole("link", { name: post.title }).click();
  await expect(alice.locator('[data-first-unread="true"]')).toContainText("first reply");
  await alice.goto("/");
  await expect(alice.getByTestId("post-card").filter({ hasText: post.title }).getByTestId("post-unread")).toHaveCount(0);
  await alice.context().close();
});

test("screenshots: header suggestions and the search page, desktop and 390 px, light and dark", async ({ browser, request }) => {
  const token = await apiLogin(request, "carol");
  await apiCreatePost(request, token, {
    title: "Replication lag on the analytics replica",
    content: "We measured **replication** lag of 3 s under load; the standby replays WAL slower than the primary writes it.",
  });
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 860 } });
      const page = await ctx.newPage();
      const tag = `${width === 1280 ? "desktop" : "mobile"}-${scheme}`;
      if (width === 1280) {
        await page.goto("/");
        await page.getByTestId("header-search").fill("replica");
        await expect(page.getByTestId("search-suggestions").getByRole("option").first()).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/search-suggestions-${tag}.png` });
      }
      await page.goto(`/search?q=replication`);
      await expect(page.getByTestId("search-result").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/search-page-${tag}.png`, fullPage: width !== 1280 });
      await ctx.close();
    }
  }
});
