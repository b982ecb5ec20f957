import { readdirSync, readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Issue 60's last deletion paths, clicked through: an admin deletes a member from the member's admin page
 * (a confirmation asking keep/remove; written to the audit log; not offered to a moderator, on the admin's
 * own page or another admin's), and a member deletes their account with a code mailed to them instead of
 * the password. Afterwards the member shows as "deleted member" (post author, comment author) and the old
 * name is nowhere on the page. Screenshots at 1280 and 390 px, light and dark, in test-results/screens-60-delete/.
 */

const SHOTS = "test-results/screens-60-delete";
mkdirSync(SHOTS, { recursive: true });
const mailDir = path.resolve(process.env.E2E_DATA_DIR || "./data-e2e", "mail");

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return { username };
}

async function userId(request: APIRequestContext, adminToken: string, username: string): Promise<number> {
  const r = await request.get(`/api/users/${username}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { id: number }).id;
}

/** The newest deletion code mailed to `email` (the e2e server writes mail as .eml files; the scheduler sends every 2 s). */
async function mailedCode(email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const files = readdirSync(mailDir, { withFileTypes: true }).filter((f) => f.isFile() && f.name.endsWith(".eml"));
        for (const f of files
          .map((f) => f.name)
          .sort()
          .reverse()) {
          const raw = readFileSync(path.join(mailDir, f), "utf8");
          if (!raw.includes(email)) continue;
          const m = /account deletion code: (\d{6})/.exec(raw);
          if (m) return (code = m[1]!);
        }
        return null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return code!;
}

async function commentOn(request: APIRequestContext, token: string, postId: number, content: string) {
  const r = await request.post(`/api/posts/${postId}/comments`, { headers: { authorization: `Bearer ${token}` }, data: { content } });
  expect(r.status(), await r.text()).toBe(201);
}

async function expectDeletedEverywhere(page: Page, postId: number, old: string) {
  await page.goto(`/posts/${postId}`);
  await expect(page.getByTestId("post-author")).toHaveText("deleted member");
  await expect(page.locator("body")).not.toContainText(old);
}

test("an admin deletes a member from the member's admin page, keeping their posts; moderators are not offered it", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, "admin");
  const member = await register(request, "adel");
  const token = await apiLogin(request, member.username);
  const post = await apiCreatePost(request, token, {
    title: `Kept after deletion ${member.username.slice(-5)}`,
    content: "Words to keep.",
  });
  const bob = await apiLogin(request, "bob");
  await commentOn(request, bob, post.id, `Thanks @${member.username}!`);
  const id = await userId(request, admin, member.username);

  // A moderator has no such page, so no button (and the API answers 403: tests/api/account-deletion.test.ts).
  await signIn(page, "moderator");
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole("heading", { name: member.username, level: 1 })).toHaveCount(0);
  await expect(page.getByTestId("admin-delete-account")).toHaveCount(0);
  await page.context().clearCookies();

  await signIn(page, "admin");
  // Not on the admin's own page, and another admin's account is not deletable here.
  const adminId = await userId(request, admin, "admin");
  await page.goto(`/admin/users/${adminId}`);
  await expect(page.getByTestId("admin-delete-account")).toHaveCount(0);

  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.goto(`/admin/users/${id}`);
    const panel = page.getByTestId("admin-delete-account");
    await panel.getByRole("button", { name: "Delete account…" }).click();
    const confirm = panel.getByRole("form", { name: `Delete the account of ${member.username}` });
    await expect(confirm.getByRole("radio", { name: /Keep them/ })).toBeChecked();
    await shootLightAndDark(page, SHOTS, `admin-confirm-${v.width}`, { at: panel });
    if (v.name === "desktop") await panel.getByRole("button", { name: "Cancel" }).click();
  }
  const panel = page.getByTestId("admin-delete-account");
  await panel.getByRole("button", { name: `Delete the account of ${member.username}` }).click();
  await expect(panel.getByRole("status")).toContainText("The account was deleted (0 posts and 0 comments removed).");
  await shootLightAndDark(page, SHOTS, "admin-done-390", { at: panel });
  // Loaded again, the page names the deleted account and offers nothing more.
  await page.reload();
  await expect(page.getByRole("heading", { name: `deleted-${id}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("admin-delete-account")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The audit log says it in words, without the old name.
  await page.goto(`/admin/audit?subject=${id}`);
  const line = page.getByRole("listitem").filter({ hasText: /deleted the account of deleted-\d+/ });
  await expect(line.first()).toContainText("(posts and comments kept)");
  await expect(page.locator("main")).not.toContainText(member.username);

  // The member's sign-ins ended; their post shows a deleted member; bob's mention names the deleted account.
  expect((await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await expectDeletedEverywhere(page, post.id, member.username);
  // Bob's mention of the old name now names the deleted account (and leads to its "deleted member" page).
  await expect(
    page
      .getByTestId("comment")
      .first()
      .getByRole("link", { name: `@deleted-${id}` }),
  ).toBeVisible();
  await shootLightAndDark(page, SHOTS, "deleted-post-1280", { fullPage: true });
  expect((await page.goto(`/u/${member.username}`))!.status()).toBe(404);
  // Its profile says so.
  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.goto(`/u/${id}`);
    await expect(page.getByTestId("deleted-profile")).toContainText("deleted member");
    await expect(page.getByTestId("deleted-profile")).toContainText("This account was deleted.");
    await shootLightAndDark(page, SHOTS, `deleted-profile-${v.width}`);
  }
});

test("a member deletes their account with a mailed code instead of the password; their comment shows a deleted member", async ({
  page,
  request,
}) => {
  const member = await register(request, "cdel");
  const token = await apiLogin(request, member.username);
  const alice = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, alice, { title: `Alice asks ${member.username.slice(-5)}`, content: "Anyone?" });
  await commentOn(request, token, post.id, "A comment that stays.");

  await signIn(page, member.username);
  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.goto("/settings/account");
    const form = page.locator("[aria-labelledby=delete-account-heading]");
    await form.getByRole("button", { name: /Confirm with a code by mail instead/ }).click();
    await expect(form.getByLabel("Code from the mail")).toBeVisible();
    if (v.name === "desktop") {
      await form.getByRole("button", { name: "Mail me a code" }).click();
      await expect(form.getByRole("status")).toContainText("the code works once, for 30 minutes");
    }
    await shootLightAndDark(page, SHOTS, `settings-code-${v.width}`, { at: form });
  }
  const code = await mailedCode(`${member.username}@example.test`);
  const form = page.locator("[aria-labelledby=delete-account-heading]");
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await form.getByLabel("Code from the mail").fill(wrong);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("This code is wrong or has expired")).toBeVisible();
  await form.getByLabel("Code from the mail").fill(code);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/posts/${post.id}`);
  const comment = page.getByTestId("comment").filter({ hasText: "A comment that stays." });
  await expect(comment.getByText("deleted member")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(member.username);
  await shootLightAndDark(page, SHOTS, "deleted-comment-1280", { at: comment });
  // 中文: the same comment names 已注销成员.
  await page.goto(`/posts/${post.id}?hl=zh-CN`);
  await expect(page.getByTestId("comment").filter({ hasText: "A comment that stays." }).getByText("已注销成员")).toBeVisible();
  await shootLightAndDark(page, SHOTS, "deleted-comment-zh-1280", { at: page.getByTestId("comment").first() });
});
