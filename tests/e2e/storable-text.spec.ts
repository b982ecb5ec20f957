import { expect, test } from "@playwright/test";
import { signIn } from "./pages/session";

/**
 * a page whose URL holds text the database cannot hold (a NUL, `%00`) answers as it
 * would for any word nothing matches, never with a 500. The pages read their URL through lib/api/page.ts
 * (pageSearchParams, pageSegment).
 */

const EMPTY = {
  en: "No posts, comments, people or tags match.",
  "zh-CN": "没有匹配的帖子、评论、用户或标签",
} as const;

for (const lang of ["en", "zh-CN"] as const) {
  test(`/search?q=a%00b in ${lang}: the normal empty result`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    const res = await page.goto("/search?q=a%00b");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByText(EMPTY[lang])).toBeVisible();
    // The word is shown back as the browser would show bad text: the NUL as U+FFFD.
    await expect(page.getByTestId("search-page-input")).toHaveValue("a\uFFFDb");

    // The other text filters, and a NUL beside a real word.
    for (const url of ["/search?q=hello&author=a%00b", "/search?q=%00", "/search?q=post%00&type=people"]) {
      const r = await page.goto(url);
      expect(r?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), url).toBeVisible();
    }
  });
}

test("a profile address with a NUL is the 404 page, not a 500", async ({ request }) => {
  for (const path of ["/u/a%00b", "/u/%00", "/u/alice%00"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

test("the admin lists with a NUL in their filters fall back to the defaults", async ({ page }) => {
  await signIn(page, "admin");
  for (const url of ["/admin/users?q=a%00b", "/admin/audit?actor=a%00b&action=x%00", "/admin/tags?q=a%00b", "/admin/mail/a%00b"]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBeLessThan(500);
  }
});
