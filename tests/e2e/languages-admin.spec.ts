import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * the staff area in Simplified Chinese: an admin whose `lang` cookie says zh-CN reads the
 * dashboard, the members table, one member's page and the audit log in Chinese (`<html lang="zh-CN">`),
 * and an audit line is a Chinese sentence ("admin 关闭了 alice 的帖子《…》"). At 1280 and 390 px, light and
 * dark; screenshots in test-results/shots-i18n-admin/.
 */

const SHOTS = "test-results/shots-i18n-admin";

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

/** A new member, suspended by the admin for a week (an audit line with a date and a reason). */
async function suspendedMember(request: APIRequestContext, admin: string) {
  const username = `zh_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const reg = await request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: "member-password-123" },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const me = await request.get("/api/users/me", {
    headers: { Authorization: `Bearer ${((await reg.json()) as { token: string }).token}` },
  });
  const id = ((await me.json()) as { id: number }).id;
  const res = await request.post(`/api/admin/users/${id}/suspend`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { days: 7, reason: "冷静一下" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id, username };
}

for (const size of WIDTHS) {
  test(`the staff area in Chinese at ${size.width} px: dashboard, members, a member's page, the audit log`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const admin = await apiLogin(request, "admin");
    const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Close me in Chinese") });
    const closed = await request.post(`/api/posts/${post.id}/close`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(closed.status(), await closed.text()).toBe(200);
    const member = await suspendedMember(request, admin);

    await signIn(page, "admin");
    await page.context().addCookies([{ name: "lang", value: "zh-CN", url: baseURL! }]);

    // The dashboard.
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page).toHaveTitle(/概览 · 管理后台/);
    await expect(page.getByRole("heading", { level: 1, name: "管理后台" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "管理后台" }).getByRole("link", { name: "审计日志" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "待处理" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "活动" })).toBeVisible();
    await expect(page.getByTestId("activity-signups").getByRole("img")).toHaveAttribute("aria-label", /最近 30 天/);
    await expect(page.getByTestId("dashboard-flags")).toContainText(/未处理的举报/);
    await shoot(page, `dashboard-${size.name}`);

    // The members table, filtered to the new member.
    await page.goto(`/admin/users?q=${member.username}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1, name: "用户" })).toBeVisible();
    await expect(page.getByRole("search", { name: "查找成员" })).toBeVisible();
    await expect(page.getByLabel("角色", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("状态", { exact: true }).locator("option")).toHaveText(["所有人", "已封禁", "本周新成员", "机器人"]);
    await expect(page.getByTestId("users-count")).toHaveText(`1 位成员匹配“${member.username}”`);
    const row = page.getByTestId("admin-user").filter({ hasText: member.username });
    await expect(row).toContainText("成员");
    await expect(row).toContainText(/封禁至 \d{4}年\d{1,2}月\d{1,2}日/);
    await expect(page.getByRole("columnheader", { name: /加入时间/ })).toBeVisible();
    await shoot(page, `users-${size.name}`);

    // The member's page: their suspension in words.
    await row.getByRole("link", { name: member.username }).click();
    await page.waitForURL((u) => u.pathname === `/admin/users/${member.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
    await expect(page.getByRole("heading", { name: "封禁记录" })).toBeVisible();
    await expect(page.getByRole("button", { name: "解除封禁…" })).toBeVisible();
    const suspension = page.getByRole("list", { name: "封禁记录，最新的在前" }).getByTestId("audit-entry").first();
    await expect(suspension).toContainText(new RegExp(`admin 封禁了 ${member.username}，直至 \\d{4}年\\d{1,2}月\\d{1,2}日：“冷静一下”`));
    await shoot(page, `member-${size.name}`);

    // The audit log: the close of alice's post as a Chinese sentence, its links kept.
    await page.goto("/admin/audit?action=post.close");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1, name: "审计日志" })).toBeVisible();
    await expect(page.getByLabel("操作", { exact: true })).toHaveValue("post.close");
    const line = page.getByTestId("audit-entry").filter({ hasText: post.title }).first();
    await expect(line).toContainText(`admin 关闭了 alice 的帖子《${post.title}》`);
    await expect(line.getByRole("link", { name: "alice" })).toHaveAttribute("href", /\/admin\/users\/\d+$/);
    await expect(line.getByRole("link", { name: `《${post.title}》` })).toHaveAttribute("href", `/posts/${post.id}`);
    await expect(line.getByText("详情")).toBeVisible();
    await shoot(page, `audit-${size.name}`);

    // The same page in English for a reader without the cookie: the API's sentence, unchanged.
    await page.context().clearCookies({ name: "lang" });
    await page.goto("/admin/audit?action=post.close");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("audit-entry").filter({ hasText: post.title }).first()).toContainText(
      `admin closed alice's post “${post.title}”`,
    );
  });
}
