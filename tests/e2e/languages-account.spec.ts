import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/session";
import { shootLightAndDark } from "./pages/shots";

/**
 * the member's saved language: Settings › Account › Language saves 中文 on the account (users.locale)
 * and sets the `lang` cookie, so the header, the menu, the profile and the settings come back in Chinese;
 * signing in again in a fresh browser (no cookie, an English browser) brings Chinese back from the account.
 * Screenshots (390 px phone menu, desktop profile; light and dark) in test-results/shots-i18n-account/.
 */

const SHOTS = "test-results/shots-i18n-account";
const PASSWORD = "demo-password";

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

test.use({ locale: "en-US", colorScheme: "light", viewport: { width: 1280, height: 900 } });

test("a member saves Chinese in Settings; it follows them to a fresh browser on sign-in", async ({ page, request, browser }) => {
  // A member of this test alone: the demo members' language stays English for the other specs.
  const username = `zh${Date.now().toString(36)}`;
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(201);

  await signIn(page, username, PASSWORD);
  await page.goto("/settings/account");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const select = page.getByRole("combobox", { name: "Interface language" });
  await expect(select).toHaveValue("");
  await select.selectOption({ label: "中文（简体）" });
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save language" }).click()]);

  // The page renders in Chinese: settings, their navigation, the header.
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1, name: "账号" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "界面语言" })).toHaveValue("zh-CN");
  const nav = page.getByRole("navigation", { name: "设置" });
  await expect(nav.getByRole("link", { name: "个人资料" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "登录设备" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "发帖" })).toBeVisible();
  await expect(page.getByRole("link", { name: `我的主页（${username}）` })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === "lang");
  expect(cookie?.value).toBe("zh-CN");
  const me = await page.request.get("/api/users/me");
  expect((await me.json()).locale).toBe("zh-CN");

  // The desktop menu and the profile page.
  await page.getByRole("banner").getByRole("button", { name: "菜单", exact: true }).click();
  const menu = page.getByRole("dialog", { name: "菜单" });
  await expect(menu.getByRole("link", { name: "积分与商城" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "退出登录" })).toBeVisible();
  await menu.getByRole("link", { name: "我的主页" }).click();
  await page.waitForURL(`/u/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: username })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "主页栏目" }).getByRole("link", { name: "动态" })).toBeVisible();
  await expect(page.getByRole("link", { name: "编辑资料" })).toBeVisible();
  await expect(page.getByText(/加入/).first()).toBeVisible();
  await expect(page.getByTestId("stat-posts")).toBeVisible();
  await shoot(page, "profile-zh-desktop");
  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { level: 1, name: "个人资料" })).toBeVisible();
  await expect(page.getByRole("button", { name: "保存资料" })).toBeVisible();

  // The phone menu, in Chinese.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/u/${username}`);
  await page.getByRole("banner").getByRole("button", { name: "菜单", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "菜单" });
  await expect(sheet.getByRole("list", { name: "浏览" }).getByRole("link", { name: "首页" })).toBeVisible();
  await expect(sheet.getByRole("link", { name: "通知" })).toBeVisible();
  await expect(sheet.getByRole("button", { name: /配色/ })).toBeVisible();
  await shoot(page, "menu-zh-phone");

  // Sign out (the menu's button), then sign in again in a fresh English browser: Chinese comes back.
  await Promise.all([page.waitForURL("/"), sheet.getByRole("button", { name: "退出登录" }).click()]);
  const fresh = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 }, colorScheme: "light" });
  try {
    const p2 = await fresh.newPage();
    await p2.goto("/login");
    await expect(p2.locator("html")).toHaveAttribute("lang", "en");
    await p2.getByLabel("Username or email").fill(username);
    await p2.getByLabel("Password").fill(PASSWORD);
    await Promise.all([p2.waitForURL((url) => url.pathname === "/"), p2.getByRole("button", { name: "Sign in" }).click()]);
    expect((await fresh.cookies()).find((c) => c.name === "lang")?.value).toBe("zh-CN");
    await p2.goto(`/u/${username}`);
    await expect(p2.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(p2.getByRole("link", { name: `我的主页（${username}）` })).toBeVisible();
    await expect(p2.getByRole("link", { name: "编辑资料" })).toBeVisible();
    await p2.goto("/settings/account");
    await expect(p2.getByRole("heading", { level: 1, name: "账号" })).toBeVisible();

    // Back to automatic: the account forgets it, the cookie goes, the English browser gets English.
    await p2.getByRole("combobox", { name: "界面语言" }).selectOption("");
    await Promise.all([p2.waitForEvent("load"), p2.getByRole("button", { name: "保存语言" }).click()]);
    await expect(p2.locator("html")).toHaveAttribute("lang", "en");
    await expect(p2.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    expect((await (await p2.request.get("/api/users/me")).json()).locale).toBeNull();
  } finally {
    await fresh.close();
  }
});
