import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * grouped on the server: 25 replies on one post (more than a page of the inbox) are
 * one row "25 new replies" with their true count, five votes are "5 people voted", at 1280 and 390 px,
 * light and dark; marking the group read marks all 25; the page in Simplified Chinese (lang cookie).
 */
test.describe.configure({ timeout: 240_000, mode: "serial" });

const SHOTS = "test-results/shots-notifications-h6";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const REPLIERS = ["bob", "carol", "dave", "erin", "frank"];

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

/** A post of alice's with 25 replies (5 from each of five members) and a poll with 5 votes. */
async function seed(request: APIRequestContext) {
  const alice = await apiLogin(request, "alice");
  await request.post("/api/notifications/read-all", { headers: auth(alice) });
  const post = await apiCreatePost(request, alice, { title: unique("Busy thread") });
  const poll = await apiCreatePost(request, alice, {
    title: unique("Busy poll"),
    type: "POLL",
    poll: { options: ["Tea", "Coffee"], multiple: false, endTime: new Date(Date.now() + 3_600_000).toISOString() },
  });
  const tokens = new Map<string, string>();
  for (const name of REPLIERS) tokens.set(name, await apiLogin(request, name));
  for (let round = 0; round < 5; round++)
    for (const name of REPLIERS) {
      const r = await request.post(`/api/posts/${post.id}/comments`, {
        headers: auth(tokens.get(name)!),
        data: { content: `Reply ${round + 1} from ${name}.` },
      });
      expect(r.status(), await r.text()).toBe(201);
    }
  for (const name of REPLIERS) {
    const r = await request.post(`/api/posts/${poll.id}/poll/vote`, { headers: auth(tokens.get(name)!), data: { options: ["Tea"] } });
    expect(r.status(), await r.text()).toBe(200);
  }
  return { alice, post, poll };
}

let seeded: Awaited<ReturnType<typeof seed>>;

test("25 replies are one group with its true count, votes are one group; the dropdown shows the same", async ({ page, request }) => {
  seeded = await seed(request);
  const { alice, post, poll } = seeded;
  // The flat list holds 30 notifications for these two posts: more than the inbox's page of 20.
  const flat = await (await request.get("/api/notifications?page=0&size=100", { headers: auth(alice) })).json();
  expect(flat.filter((n: { post: { id: number } | null }) => n.post?.id === post.id)).toHaveLength(25);

  await signIn(page, "alice");
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto("/notifications");
    const replies = page.getByTestId("notification-group").filter({ hasText: post.title });
    await expect(replies).toHaveCount(1);
    await expect(replies).toHaveAttribute("data-count", "25");
    await expect(replies).toContainText(`25 new replies in “${post.title}”`);
    await expect(replies).toContainText("frank, erin, dave and 2 others");
    const votes = page.getByTestId("notification-group").filter({ hasText: poll.title });
    await expect(votes).toContainText(`5 people voted in “${poll.title}”`);
    await expect(page.getByText(/\(s\)/)).toHaveCount(0);
    // Nothing of the thread is left on its own further down.
    await expect(page.getByTestId("notification").filter({ hasText: post.title })).toHaveCount(0);
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w.width);
    expect(await axeLightAndDark(page, `grouped inbox ${w.name}`)).toEqual([]);
    await shoot(page, `inbox-${w.name}`);

    await page.getByTestId("unread-count").click();
    const dropdown = page.getByTestId("notification-dropdown");
    await expect(dropdown.getByTestId("notification-group").filter({ hasText: post.title })).toContainText("25 new replies in");
    await expect(dropdown.getByTestId("notification-group").filter({ hasText: poll.title })).toContainText("5 people voted in");
    await shoot(page, `dropdown-${w.name}`);
    await page.keyboard.press("Escape");
    await expect(dropdown).toBeHidden();
  }
});

test("marking the group read marks all 25 and the header count drops by 25", async ({ page, request }) => {
  const { alice, post } = seeded;
  await signIn(page, "alice");
  await page.goto("/notifications");
  const label = async () =>
    Number(/(\d+) unread/.exec((await page.getByTestId("unread-count").getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  const before = await label();
  expect(before).toBeGreaterThanOrEqual(25);
  const replies = page.getByTestId("notification-group").filter({ hasText: post.title });
  await replies.getByRole("button", { name: /^Mark as read: 25 new replies/ }).click();
  await expect(replies).toHaveAttribute("data-read", "true");
  await expect(replies).toContainText(`25 replies in “${post.title}”`);
  await expect.poll(label).toBe(before - 25);
  const unread = await (await request.get("/api/notifications/unread?page=0&size=100", { headers: auth(alice) })).json();
  expect(unread.filter((n: { post: { id: number } | null }) => n.post?.id === post.id)).toEqual([]);
});

test("the inbox in Simplified Chinese", async ({ page, baseURL }) => {
  const { post, poll } = seeded;
  await signIn(page, "alice");
  await page.context().addCookies([{ name: "lang", value: "zh-CN", url: baseURL! }]);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto("/notifications");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page).toHaveTitle(/通知/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("通知");
    await expect(page.getByRole("tab", { name: "全部" })).toBeVisible();
    await expect(page.getByTestId("notification-group").filter({ hasText: post.title })).toContainText(`“${post.title}” 中有 25 条回复`);
    await expect(page.getByTestId("notification-group").filter({ hasText: poll.title })).toContainText(`5 人参与了投票 “${poll.title}”`);
    await expect(page.getByTestId("notification-group").filter({ hasText: post.title })).toContainText("frank、erin、dave 等另外 2 人");
    await expect(page.getByText("Mark read")).toHaveCount(0);
    await expect(page.getByText("Notification settings")).toHaveCount(0);
    await expect(page.getByText("通知设置")).toBeVisible();
    expect(await axeLightAndDark(page, `zh inbox ${w.name}`)).toEqual([]);
    await shoot(page, `inbox-zh-${w.name}`);
  }
  await page.context().clearCookies({ name: "lang" });
});
