import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * the posts area in Simplified Chinese: with the `lang=zh-CN` cookie a visitor reads a post
 * (breadcrumb, meta, poll, reactions, comments) in Chinese, and a member writes a comment through the
 * Chinese composer. At 1280 and 390 px, axe in both themes, screenshots in test-results/shots-i18n/.
 */

const SHOTS = "test-results/shots-i18n";

async function chinese(context: BrowserContext) {
  const url = test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT || 3100}`;
  await context.addCookies([{ name: "lang", value: "zh-CN", url }]);
}

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

for (const size of WIDTHS) {
  test.describe(`the posts area in Chinese at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, locale: "en-US", colorScheme: "light" });

    test("a visitor reads a post in Chinese; a member comments through the Chinese composer", async ({ page, context, request }) => {
      const bob = await apiLogin(request, "bob");
      const post = await apiCreatePost(request, bob, {
        title: unique("备份工具怎么选"),
        content: "大家平时用什么备份工具？",
        type: "POLL",
        poll: { options: ["restic", "borg"], multiple: false, endTime: new Date(Date.now() + 3600_000).toISOString() },
      });
      const first = await request.post(`/api/posts/${post.id}/comments`, {
        headers: { Authorization: `Bearer ${bob}` },
        data: { content: "我先来：restic。" },
      });
      expect(first.status(), await first.text()).toBe(201);

      // A visitor with the Chinese cookie.
      await chinese(context);
      await page.goto(`/posts/${post.id}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "当前位置" }).getByRole("link", { name: "首页" })).toBeVisible();
      await expect(page.getByRole("link", { name: "编辑历史" })).toBeVisible();
      await expect(page.getByText(/\d+ 次浏览/)).toBeVisible();
      const poll = page.getByTestId("poll");
      await expect(poll.getByRole("heading", { name: "投票" })).toBeVisible();
      await expect(poll.getByText("单选")).toBeVisible();
      await expect(poll.getByText("共 0 人参与投票")).toBeVisible();
      await expect(poll.getByRole("link", { name: "登录后投票" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "1 条评论" })).toBeVisible();
      await expect(page.getByText("后参与讨论。")).toBeVisible();
      await expect(page.getByRole("article", { name: "bob 的评论" })).toBeVisible();
      expect(await axeLightAndDark(page, `post zh visitor ${size.name}`)).toEqual([]);
      await shoot(page, `post-zh-visitor-${size.name}`);

      // A member: signed in (the sign-in page is not this spec's), then the same post in Chinese.
      await context.clearCookies();
      await signIn(page, "alice");
      await chinese(context);
      await page.goto(`/posts/${post.id}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("button", { name: "订阅" })).toBeVisible();
      await expect(page.getByRole("group", { name: "帖子表态" }).getByRole("button", { name: "表态" })).toBeVisible();
      await expect(page.getByRole("toolbar", { name: "格式" }).getByRole("button", { name: "粗体" })).toBeVisible();
      const box = page.getByLabel("写评论");
      await expect(box).toHaveAttribute("placeholder", "写评论（支持 Markdown）");
      await poll.getByLabel("borg").check();
      await poll.getByRole("button", { name: "投票" }).click();
      await expect(poll.getByText("（你的选择）")).toBeVisible();
      await expect(poll.getByText("共 1 人参与投票")).toBeVisible();

      const text = `用中文界面写的评论 ${Date.now().toString(36)}`;
      await box.fill(text);
      await page.getByRole("button", { name: "发表评论" }).click();
      const mine = page.getByTestId("comment").filter({ hasText: text });
      await expect(mine).toBeVisible();
      await expect(mine.getByRole("button", { name: "回复" })).toBeVisible();
      await expect(mine.getByRole("button", { name: "编辑" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "2 条评论" })).toBeVisible();
      await mine.scrollIntoViewIfNeeded();
      await shoot(page, `post-zh-member-${size.name}`);
      expect(await axeLightAndDark(page, `post zh member ${size.name}`)).toEqual([]);

      // English readers still get English on the same post.
      await context.clearCookies();
      await page.goto(`/posts/${post.id}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 2, name: "2 comments" })).toBeVisible();
    });
  });
}
