import { expect, test } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * Issue 58, "staff are told": a flag raised elsewhere reaches the staff member's open page through the
 * live `review` event (migration 0057), and the header's review badge counts it without a reload.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test("the header's review badge counts a flag raised in another session, without a reload", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const [alice, bob] = await Promise.all([apiLogin(request, "alice"), apiLogin(request, "bob")]);
  const p = await apiCreatePost(request, bob, { title: unique("Flag me live") });
  const waiting = async () =>
    (await (await request.get("/api/admin/posts/pending/count", { headers: auth(admin) })).json()).total as number;

  await signIn(page, "admin");
  const stream = page.waitForResponse((r) => r.url().includes("/api/events"));
  await page.goto("/");
  await stream;
  const badge = page.getByTestId("review-count");
  const before = await waiting();
  await expect(badge).toHaveAccessibleName(before ? `Review queue, ${before} waiting` : "Review queue");
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const f = await request.post("/api/flags", { headers: auth(alice), data: { postId: p.id, reason: "OFF_TOPIC" } });
  expect(f.status(), await f.text()).toBe(201);
  const flag = (await f.json()) as { id: number };
  try {
    await expect(badge).toHaveAccessibleName(`Review queue, ${before + 1} waiting`);
    await expect(badge).toContainText(String(before + 1));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await request.post(`/api/admin/flags/${flag.id}/resolve`, { headers: auth(admin), data: { action: "DISMISS" } });
  }
  // Resolved elsewhere: it left the queue, and the badge says so.
  await expect(badge).toHaveAccessibleName(before ? `Review queue, ${before} waiting` : "Review queue");
});

test("the dashboard's open-flags card counts a flag raised in another session, without a reload", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const [alice, bob] = await Promise.all([apiLogin(request, "alice"), apiLogin(request, "bob")]);
  const p = await apiCreatePost(request, bob, { title: unique("Flag me on the dashboard") });

  await signIn(page, "admin");
  const stream = page.waitForResponse((r) => r.url().includes("/api/events"));
  await page.goto("/admin");
  await stream;
  const count = page.getByTestId("dashboard-flags").locator(".text-2xl");
  const before = Number(await count.textContent());
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const f = await request.post("/api/flags", { headers: auth(alice), data: { postId: p.id, reason: "OFF_TOPIC" } });
  expect(f.status(), await f.text()).toBe(201);
  const flag = (await f.json()) as { id: number };
  try {
    await expect(count).toHaveText(String(before + 1));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await request.post(`/api/admin/flags/${flag.id}/resolve`, { headers: auth(admin), data: { action: "DISMISS" } });
  }
  await expect(count).toHaveText(String(before));
});
