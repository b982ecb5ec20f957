import { expect, test, type Page } from "@playwright/test";
import { axeLightAndDark } from "./pages/axe";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * interface languages: the footer's switcher turns the interface to Simplified Chinese (the
 * `lang` cookie) and back; a browser that asks for Chinese (Accept-Language) gets it without choosing;
 * the shared page cache never hands one language's document to the other. At 1280 and 390 px, axe in
 * both themes, screenshots in test-results/shots-i18n/.
 */

const SHOTS = "test-results/shots-i18n";

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

for (const size of WIDTHS) {
  test.describe(`languages at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, locale: "en-US", colorScheme: "light" });

    test("the footer's switcher turns the home and search pages to Chinese and back", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();

      const switcher = page.getByRole("combobox", { name: "Language" });
      await switcher.scrollIntoViewIfNeeded();
      await expect(switcher).toBeVisible();
      await Promise.all([page.waitForEvent("load"), switcher.selectOption({ label: "中文（简体）" })]);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("heading", { level: 1, name: "讨论" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "帖子排序" }).getByRole("link", { name: "最新" })).toBeVisible();
      await expect(page.locator("footer")).toContainText("分类");
      const cookie = (await page.context().cookies()).find((c) => c.name === "lang");
      expect(cookie?.value).toBe("zh-CN");
      expect(cookie?.sameSite).toBe("Lax");
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(360 * 24 * 3600);
      expect(await axeLightAndDark(page, `home zh ${size.name}`)).toEqual([]);
      await shoot(page, `home-zh-${size.name}`);

      await page.goto("/search?q=zzqx-nothing-matches");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("heading", { level: 1, name: "搜索" })).toBeVisible();
      await expect(page.getByRole("search", { name: "搜索论坛" }).first()).toBeVisible();
      await expect(page.getByTestId("search-page-input")).toHaveAttribute("placeholder", "词语、短语或词的一部分");
      await expect(page.getByRole("navigation", { name: "结果类型" }).getByRole("link", { name: /全部/ })).toBeVisible();
      await expect(page.getByText(/没有匹配的帖子、评论、用户或标签/)).toBeVisible();
      expect(await axeLightAndDark(page, `search zh ${size.name}`)).toEqual([]);
      await shoot(page, `search-zh-${size.name}`);

      // Back to English: the same URLs, in English again.
      await page.locator("footer").scrollIntoViewIfNeeded();
      await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "语言" }).selectOption({ label: "English" })]);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
    });

    test("a browser asking for Chinese gets Chinese; the cache keeps the languages apart", async ({ browser }) => {
      const zh = await browser.newContext({ locale: "zh-CN", viewport: { width: size.width, height: size.height }, colorScheme: "light" });
      const en = await browser.newContext({ locale: "en-US", viewport: { width: size.width, height: size.height }, colorScheme: "light" });
      try {
        for (let round = 0; round < 2; round++) {
          // Twice each: the second answers come from the page cache.
          const zp = await zh.newPage();
          await zp.goto("/");
          await expect(zp.locator("html")).toHaveAttribute("lang", "zh-CN");
          await expect(zp.getByRole("heading", { level: 1, name: "讨论" })).toBeVisible();
          await expect(zp.getByRole("combobox", { name: "语言" })).toHaveValue("zh-CN");
          const ep = await en.newPage();
          await ep.goto("/");
          await expect(ep.locator("html")).toHaveAttribute("lang", "en");
          await expect(ep.getByRole("heading", { level: 1, name: "Discussions" })).toBeVisible();
          await zp.close();
          await ep.close();
        }
        const sp = await zh.newPage();
        await sp.goto("/search");
        await expect(sp.getByRole("heading", { level: 1, name: "搜索" })).toBeVisible();
        await expect(sp.getByRole("button", { name: "搜索" })).toBeVisible();
      } finally {
        await zh.close();
        await en.close();
      }
    });
  });
}
