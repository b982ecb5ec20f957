import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/** The inbox, the points shop and the post history pages, in a real browser. */

// Each test walks several pages (and a cold server compiles them on first use).
test.describe.configure({ timeout: 120_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The header's unread count, read from the bell's accessible name ("Notifications, 3 unread"). */
async function headerUnread(page: Page): Promise<number> {
  const label = (await page.getByTestId("unread-count").getAttribute("aria-label")) ?? "";
  const m = label.match(/(\d+) unread/);
  return m ? Number(m[1]) : 0;
}

test("a reply arrives in the inbox; opening it marks it read and the header count drops", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const bob = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, alice, { title: unique("Inbox check") });
  const res = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(bob), data: { content: "Bob was here, replying." } });
  expect(res.status(), await res.text()).toBe(201);
  const comment = await res.json();

  await signIn(page, "alice");
  await page.goto("/notifications");
  await expect(page).toHaveTitle(/Notifications/);
  const before = await headerUnread(page);
  expect(before).toBeGreaterThan(0);

  const item = page.getByTestId("notification").filter({ hasText: post.title }).first();
  await expect(item).toHaveAttribute("data-read", "false");
  await expect(item).toContainText("bob");
  await expect(item).toContainText("commented on your post");
  await expect(item).toContainText("Bob was here, replying.");

  // The Unread tab lists it too.
  await page.getByRole("tab", { name: /Unread/ }).click();
  await expect(page.getByTestId("notification").filter({ hasText: post.title }).first()).toBeVisible();
  await page.getByRole("tab", { name: "All" }).click();
  await page.screenshot({ path: "test-results/inbox-before-open.png", fullPage: true });

  // Opening it leads to the exact comment and marks it read; the header count drops by one.
  await item.getByRole("link", { name: new RegExp(`commented on your post`) }).click();
  await page.waitForURL((u) => u.pathname === `/posts/${post.id}` && u.hash === `#comment-${comment.id}`);
  await expect(page.locator(`#comment-${comment.id}`)).toBeVisible();
  await expect.poll(() => headerUnread(page)).toBe(before - 1);

  await page.goto("/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: post.title }).first()).toHaveAttribute("data-read", "true");
  expect(await headerUnread(page)).toBe(before - 1);

  // Mark all read empties the count and the Unread tab.
  const second = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(bob), data: { content: "And a second reply." } });
  expect(second.status()).toBe(201);
  await page.reload();
  await expect.poll(() => headerUnread(page)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect.poll(() => headerUnread(page)).toBe(0);
  await page.getByRole("tab", { name: "Unread" }).click();
  await expect(page.getByTestId("inbox-empty")).toBeVisible();

  // Preferences: turning COMMENT_REPLY off hides it from the inbox.
  await page.getByRole("tab", { name: "All" }).click();
  await page.getByText("Notification settings").click();
  const pref = page.getByLabel("Comments and replies to me");
  await expect(pref).toBeChecked();
  // The switch is controlled and flips when the optimistic update lands (after in-flight reads are
  // cancelled), so click until it shows off; the server-side effect below is what counts.
  await expect(async () => {
    if (await pref.isChecked()) await pref.click();
    await expect(pref).not.toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // Both replies on the post (now read) show as one group: "2 replies in …".
  const onPost = page.locator('[data-testid="notification"], [data-testid="notification-group"]').filter({ hasText: post.title });
  await expect(onPost).toHaveCount(0);
  // Turning it back on: click until the switch shows on (a background refetch may re-render it
  // between Playwright's click and its check), then the server-side effect below is what counts.
  await expect(async () => {
    if (!(await pref.isChecked())) await pref.click();
    await expect(pref).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(onPost.first()).toContainText(`2 replies in “${post.title}”`);
  await page.screenshot({ path: "test-results/inbox-after.png", fullPage: true });
});

test("redeeming a good changes the balance, the history and the chart; too poor disables the button", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const goodName = unique("E2E badge");
  const good = await request.post("/api/admin/point-goods", {
    headers: auth(admin),
    data: { name: goodName, cost: 25, image: "/goods/coffee-mug.png", description: "A test good." },
  });
  expect(good.status(), await good.text()).toBe(201);

  // A new user earns 30 points with a first post.
  const username = `shop_${Date.now().toString(36)}`;
  const password = "shop-password-123";
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token } = await reg.json();
  await apiCreatePost(request, token, { title: unique("Shop funds") });

  await signIn(page, username, password);
  await page.goto("/points");
  await expect(page).toHaveTitle(/Points/);
  await expect(page.getByTestId("points-balance")).toHaveText("30");
  await expect(page.getByTestId("points-chart")).toHaveAttribute("data-last-value", "30");
  await expect(page.getByRole("img", { name: /Points balance, last 30 days/ })).toBeVisible();
  await expect(page.getByTestId("ledger-row").first()).toHaveAttribute("data-type", "POST");

  const card = page.getByTestId("good").filter({ hasText: goodName });
  await card.getByRole("button", { name: `Redeem ${goodName}` }).click();
  await card.getByLabel(/Contact/).fill("shop@example.test");
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByRole("group", { name: `Confirm redeeming ${goodName}` })).toContainText("Your balance will be 5");
  await card.getByRole("button", { name: "Confirm redemption" }).click();

  await expect(page.getByText(/Your balance is now 5 points/)).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("5");
  await expect(page.getByTestId("points-chart")).toHaveAttribute("data-last-value", "5");
  const top = page.getByTestId("ledger-row").first();
  await expect(top).toHaveAttribute("data-type", "REDEEM");
  await expect(top).toContainText("−25");
  await expect(top).toContainText("5");
  await expect(page.getByTestId("header-points")).toContainText("5");

  // Too poor now: the button is disabled and says why.
  const again = card.getByRole("button", { name: `Redeem ${goodName}` });
  await expect(again).toBeDisabled();
  await expect(card).toContainText("You need 20 more points.");
  await page.screenshot({ path: "test-results/points-after-redeem.png", fullPage: true });
});

const v = [
  "# Setup notes\n\nInstall the tools first.\nThen run the quick build.\n\nEnjoy.",
  "# Setup notes\n\nInstall the tools first.\nThen run the slow build.\n\nEnjoy.",
  "# Setup notes\n\nInstall the tools first.\nThen run the slow build twice.\n\nEnjoy.",
  "# Setup guide\n\nInstall the <b>tools</b> first.\nThen run the careful build.\n\nEnjoy it.",
];

async function chooseView(compare: Locator, label: "Inline" | "Side by side" | "Raw markdown") {
  await compare.locator("label", { hasText: label }).click();
}

test("compare any two versions in three views and restore an old one as a moderator", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, alice, { title: unique("History check"), content: v[0] });
  for (const content of v.slice(1)) {
    const res = await request.put(`/api/posts/${post.id}`, { headers: auth(alice), data: { content } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signIn(page, "moderator");
  await page.goto(`/posts/${post.id}/history`);
  await expect(page).toHaveTitle(/History/);
  await expect(page.getByTestId("history-entry").filter({ hasText: "Edited the content" })).toHaveCount(3);

  const compare = page.getByTestId("history-compare");
  await compare.getByLabel("From version").selectOption("1");
  await compare.getByLabel("To version").selectOption("3");

  // Inline: word-level marks inside the changed lines; markup stays text.
  const diff = compare.getByTestId("diff-view");
  await expect(diff).toHaveAttribute("data-mode", "inline");
  await expect(diff.locator("del", { hasText: /^notes$/ })).toHaveCount(1);
  await expect(diff.locator("ins", { hasText: /^guide$/ })).toHaveCount(1);
  await expect(diff.locator("ins", { hasText: /^careful$/ })).toHaveCount(1);
  await expect(diff).toContainText("<b>tools</b>");
  await expect(diff.locator("b")).toHaveCount(0);
  await page.screenshot({ path: "test-results/history-inline.png", fullPage: true });

  await chooseView(compare, "Side by side");
  await expect(diff).toHaveAttribute("data-mode", "split");
  const split = diff.getByTestId("diff-split");
  await expect(split).toBeVisible();
  await expect(split.getByRole("columnheader", { name: "Version 1" })).toBeVisible();
  await expect(split.getByRole("columnheader", { name: "Version 3" })).toBeVisible();
  await expect(split.locator("del", { hasText: /^slow$/ })).toHaveCount(1);
  await expect(split.locator("ins", { hasText: /^careful$/ })).toHaveCount(1);
  await page.screenshot({ path: "test-results/history-split.png", fullPage: true });

  // On a phone the side-by-side view falls back to inline.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(split).toBeHidden();
  await expect(diff.getByTestId("diff-inline")).toBeVisible();
  await page.screenshot({ path: "test-results/history-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await chooseView(compare, "Raw markdown");
  await expect(diff.getByTestId("raw-old")).toBeVisible();
  expect(await diff.getByTestId("raw-old").textContent()).toBe(v[1]);
  expect(await diff.getByTestId("raw-new").textContent()).toBe(v[3]);
  await expect(diff.getByTestId("diff-raw")).toContainText("+ Then run the careful build.");
  await page.screenshot({ path: "test-results/history-raw.png", fullPage: true });

  // Restore version 1: an edit with its own change log entry, marked as a restore.
  await compare.getByRole("button", { name: "Restore version 1" }).click();
  await expect(compare.getByRole("group", { name: "Confirm restore" })).toContainText(`Title “${post.title}”`);
  await compare.getByRole("button", { name: "Confirm restore" }).click();
  await expect(compare.getByRole("status")).toContainText("Restored version 1");
  await expect(page.getByTestId("history-entry").filter({ hasText: "Edited the content" })).toHaveCount(3);
  await expect(page.getByTestId("history-entry").filter({ hasText: "Restored the content of version 1" })).toHaveCount(1);
  await expect(compare.getByLabel("To version")).toHaveValue("4");
  await expect(compare.getByTestId("diff-view")).toContainText("No differences.");
  const entry = page.getByTestId("history-entry").first();
  await expect(entry).toContainText("moderator");
  await expect(entry).toContainText("version 3 → 4");
  await page.screenshot({ path: "test-results/history-restored.png", fullPage: true });

  const logs = await (await request.get(`/api/posts/${post.id}/change-logs`, { headers: auth(alice) })).json();
  const last = logs[logs.length - 1];
  expect(last).toMatchObject({ type: "CONTENT", username: "moderator", oldContent: v[3], newContent: v[1], restoredVersion: 1 });
});
