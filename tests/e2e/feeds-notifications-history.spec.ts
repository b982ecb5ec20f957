import { expect, test, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/** feeds linked from the pages, grouped notifications, the rendered history view. */

test.describe.configure({ timeout: 180_000 });

const SHOTS = "test-results/shots-feeds";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

test("home, category and tag pages link their feeds; the feeds carry the newest public posts", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, alice, { title: unique("Feed fresh <&>"), content: "Fresh **news**" });
  const members = await apiCreatePost(request, alice, { title: unique("Members only feed"), visibleScope: "ONLY_REGISTER" });

  await page.goto("/");
  const rss = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(rss.first()).toHaveAttribute("href", /\/api\/rss$/);
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"][href$="/api/rss/featured"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(1);

  const detail = await (await request.get(`/api/posts/${post.id}`)).json();
  await page.goto(`/c/${detail.category.id}`);
  await expect(
    page.locator(`head link[rel="alternate"][type="application/rss+xml"][href$="/api/rss/categories/${detail.category.id}"]`),
  ).toHaveCount(1);
  const tagId = detail.tags[0].id as number;
  await page.goto(`/t/${tagId}`);
  await expect(page.locator(`head link[rel="alternate"][type="application/rss+xml"][href$="/api/rss/tags/${tagId}"]`)).toHaveCount(1);

  // What a feed reader gets: the new public post first, escaped; the members-only one absent.
  const res = await request.get("/api/rss");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await res.text();
  const firstItem = xml.slice(xml.indexOf("<item>"), xml.indexOf("</item>"));
  expect(firstItem).toContain(`/posts/${post.id}</link>`);
  expect(firstItem).toContain(post.title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
  expect(xml).not.toContain(`/posts/${members.id}<`);
  const cat = await (await request.get(`/api/rss/categories/${detail.category.id}`)).text();
  expect(cat).toContain(`/posts/${post.id}</link>`);
  const again = await request.get("/api/rss", { headers: { "if-none-match": res.headers()["etag"]! } });
  expect(again.status()).toBe(304);
});

test("replies and votes on one post are grouped in the inbox and the header dropdown", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  await request.post("/api/notifications/read-all", { headers: auth(alice) });
  const post = await apiCreatePost(request, alice, { title: unique("Grouped replies") });
  const endTime = new Date(Date.now() + 3_600_000).toISOString();
  const poll = await apiCreatePost(request, alice, {
    title: unique("Grouped poll"),
    type: "POLL",
    poll: { options: ["Tea", "Coffee"], multiple: false, endTime },
  });
  for (const name of ["bob", "carol", "dave"]) {
    const t = await apiLogin(request, name);
    const r = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(t), data: { content: `A reply from ${name}.` } });
    expect(r.status(), await r.text()).toBe(201);
  }
  for (const name of ["bob", "carol", "dave", "erin", "frank"]) {
    const t = await apiLogin(request, name);
    const r = await request.post(`/api/posts/${poll.id}/poll/vote`, { headers: auth(t), data: { options: ["Tea"] } });
    expect(r.status(), await r.text()).toBe(200);
  }

  await signIn(page, "alice");
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto("/notifications");
    const replies = page.getByTestId("notification-group").filter({ hasText: post.title });
    await expect(replies).toContainText(`3 new replies in “${post.title}”`);
    await expect(replies).toContainText("dave, carol and bob");
    const votes = page.getByTestId("notification-group").filter({ hasText: poll.title });
    await expect(votes).toContainText(`5 people voted in “${poll.title}”`);
    await expect(page.getByText(/\(s\)/)).toHaveCount(0);
    // The group is counted on the server (tests/e2e/notifications-grouped.spec.ts: 25 replies, more than a page).
    await expect(replies).toHaveAttribute("data-count", "3");
    expect(await axeLightAndDark(page, `inbox ${w.name}`)).toEqual([]);
    await shoot(page, `inbox-${w.name}`);

    // The header's bell opens the same groups.
    await page.getByTestId("unread-count").click();
    const dropdown = page.getByTestId("notification-dropdown");
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByTestId("notification-group").filter({ hasText: poll.title })).toContainText("5 people voted in");
    const box = await dropdown.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(w.width);
    expect(await axeLightAndDark(page, `dropdown ${w.name}`, ['[data-testid="notification-dropdown"]'])).toEqual([]);
    await shoot(page, `dropdown-${w.name}`);
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
  }

  // Marking a group read marks its three members read: the header count drops by three.
  await page.goto("/notifications");
  const label = async () =>
    Number(/(\d+) unread/.exec((await page.getByTestId("unread-count").getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  const before = await label();
  const replies = page.getByTestId("notification-group").filter({ hasText: post.title });
  await replies.getByRole("button", { name: /^Mark as read: 3 new replies/ }).click();
  await expect(replies).toHaveAttribute("data-read", "true");
  await expect(replies).toContainText(`3 replies in “${post.title}”`);
  await expect.poll(label).toBe(before - 3);
  const unread = await (await request.get("/api/notifications/unread?page=0&size=100", { headers: auth(alice) })).json();
  expect(unread.filter((n: { post: { id: number } | null }) => n.post?.id === post.id)).toEqual([]);
});

test("the history shows a rendered view beside the source diff", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, alice, {
    title: unique("Rendered history"),
    content: "# Recipe\n\nMix the **flour** and water.\n\n| Item | Grams |\n|---|---|\n| Flour | 500 |\n\n- knead\n- rest",
  });
  const r = await request.put(`/api/posts/${post.id}`, {
    headers: auth(alice),
    data: {
      content:
        "# Recipe\n\nMix the **flour** and salt water.\n\n| Item | Grams |\n|---|---|\n| Flour | 450 |\n\nBake at 230 degrees.\n\n- knead\n- rest",
    },
  });
  expect(r.status(), await r.text()).toBe(200);

  await signIn(page, "alice");
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto(`/posts/${post.id}/history`);
    const compare = page.getByTestId("history-compare");
    await expect(compare.getByTestId("diff-view")).toBeVisible();
    await compare.getByTestId("history-view-switch").getByText("Rendered").click();
    const rendered = compare.getByTestId("diff-rendered");
    await expect(rendered).toBeVisible();
    // Rendered markdown, not its source: a table and a list, no pipes or asterisks.
    await expect(rendered.locator("table")).toHaveCount(2);
    await expect(rendered.locator("h1")).toHaveText("Recipe");
    await expect(rendered).not.toContainText("**");
    await expect(rendered).not.toContainText("|---|");
    await expect(rendered.locator('ins[data-change="added"]').filter({ hasText: "Bake at 230 degrees." })).toHaveCount(1);
    await expect(rendered.locator('del[data-change="removed"] table')).toHaveCount(1);
    await expect(rendered.locator('ins[data-change="added"] table')).toHaveCount(1);
    await expect(rendered.locator("strong", { hasText: "flour" }).first()).toBeVisible();
    // The source view is one click away.
    await compare.getByTestId("history-view-switch").getByText("Source").click();
    await expect(compare.getByTestId("diff-view")).toBeVisible();
    await compare.getByTestId("history-view-switch").getByText("Rendered").click();
    expect(await axeLightAndDark(page, `history ${w.name}`)).toEqual([]);
    await shoot(page, `history-${w.name}`);
  }
});

test("search snippets are plain text", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const word = `zephyrine${Date.now().toString(36)}`;
  await apiCreatePost(request, alice, {
    title: unique("Snippet table"),
    content: `Intro with a [link](https://example.com).\n\n| Name | Note |\n|---|---|\n| **${word}** | _crisp_ |`,
  });
  await page.goto(`/search?q=${word}`);
  const hit = page.getByTestId("search-result").filter({ hasText: word }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toContainText("crisp");
  const text = await hit.innerText();
  expect(text).not.toContain("|");
  expect(text).not.toContain("**");
  expect(text).not.toContain("](");
  expect(text).not.toMatch(/(^|\s)[_*]\w|\w[_*](\s|$)/);
  await shoot(page, "search-snippet");
});
