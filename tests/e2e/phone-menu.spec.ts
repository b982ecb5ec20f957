import { expect, test, type Page } from "@playwright/test";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { shootLightAndDark } from "./pages/shots";

/**
 * the header's menu. On a 390 px phone a sheet with everything the desktop header and
 * its menu offer; at 1280 px a dropdown beside the avatar with the member's pages, the admin entry for
 * staff and Sign out (no longer one tap beside the avatar). Keyboard: focus moves in and stays in,
 * Escape closes and returns focus to the button.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = "test-results/shots-nav";

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
const menu = (page: Page) => page.getByRole("dialog", { name: "Menu" });

const shoot = (page: Page, name: string) => shootLightAndDark(page, SHOTS, name);

/** Tab `n` times and record whether focus stayed inside the menu each time. */
async function tabStaysInside(page: Page, n: number, shift = false) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(inside, `focus inside the menu after ${i + 1} ${shift ? "Shift+Tab" : "Tab"}`).toBe(true);
  }
}

test.describe("phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("a member's menu has browsing, notifications, points and shop, settings, theme and Sign out; keyboard stays inside; Escape closes", async ({
    page,
  }) => {
    await signIn(page, "alice");
    const banner = page.getByRole("banner");
    // Nothing to sign out with one stray tap beside the avatar.
    await expect(banner.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Your profile (alice)" })).toBeVisible();

    await menuButton(page).click();
    const m = menu(page);
    await expect(m).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    // The sheet fills the side of the screen and stays inside it.
    const box = (await m.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
    expect(box.height).toBeGreaterThan(PHONE.height - 2);

    for (const name of ["Home", "Featured", "Categories", "Tags", "Search", "Your profile", "Points and shop", "Settings"])
      await expect(m.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(m.getByRole("link", { name: /^Notifications/ })).toBeVisible();
    await expect(m.getByRole("button", { name: /Color theme/ })).toBeVisible();
    await expect(m.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(m.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(m).toContainText(/\d+ points/);
    // Sign out is the last entry, far from the avatar.
    const signOut = (await m.getByRole("button", { name: "Sign out" }).boundingBox())!;
    expect(signOut.y).toBeGreaterThan(PHONE.height / 2);

    // Focus went in, and Tab / Shift+Tab cycle inside.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await tabStaysInside(page, 14);
    await tabStaysInside(page, 14, true);
    await shoot(page, "phone-menu-member");
    expect(await axeLightAndDark(page, "phone menu (member)")).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(m).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

    // Keyboard only: Enter opens it, a link navigates and the menu is gone.
    await page.keyboard.press("Enter");
    await expect(m).toBeVisible();
    await m.getByRole("link", { name: "Categories" }).click();
    await page.waitForURL((u) => u.pathname === "/categories");
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
    await expect(m).toHaveCount(0);

    // A tap on the dimmed page closes it too.
    await menuButton(page).click();
    await expect(m).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(m).toHaveCount(0);

    await menuButton(page).click();
    await m.getByRole("link", { name: "Points and shop" }).click();
    await page.waitForURL((u) => u.pathname === "/points");

    await menuButton(page).click();
    await m.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/settings"));

    await menuButton(page).click();
    await m.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("staff find the Admin entry and the review queue in the menu", async ({ page }) => {
    await signIn(page, "admin");
    await menuButton(page).click();
    const m = menu(page);
    await expect(m.getByRole("link", { name: /^Review queue/ })).toBeVisible();
    await shoot(page, "phone-menu-admin");
    await m.getByRole("link", { name: "Admin" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
  });

  test("a visitor's menu has browsing, the theme, Sign in and Register", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).click();
    const m = menu(page);
    for (const name of ["Home", "Featured", "Categories", "Tags", "Search", "Sign in", "Register"])
      await expect(m.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(m.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(m.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await shoot(page, "phone-menu-visitor");
    expect(await axeLightAndDark(page, "phone menu (visitor)")).toEqual([]);
    await m.getByRole("button", { name: "Close menu" }).click();
    await expect(m).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test("the avatar's menu holds settings, points and shop and Sign out; the bar keeps the avatar link and Categories", async ({ page }) => {
    await signIn(page, "alice");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Categories" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await shoot(page, "desktop-header-member");

    await menuButton(page).click();
    const m = menu(page);
    await expect(m).toBeVisible();
    // A dropdown under the button, not a sheet.
    const box = (await m.boundingBox())!;
    const btn = (await menuButton(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(btn.y + btn.height);
    expect(box.height).toBeLessThan(DESKTOP.height - 100);
    for (const name of ["Your profile", "Points and shop", "Settings"])
      await expect(m.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(m.getByRole("button", { name: "Sign out" })).toBeVisible();
    // What the bar already shows is not repeated.
    await expect(m.getByRole("link", { name: "Home" })).toBeHidden();
    await expect(m.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await tabStaysInside(page, 8);
    await shoot(page, "desktop-menu-member");
    expect(await axeLightAndDark(page, "desktop menu (member)")).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(m).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();

    await menuButton(page).click();
    await m.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL((u) => u.pathname === "/settings/profile");
  });

  test("an admin's menu leads to the dashboard", async ({ page }) => {
    await signIn(page, "admin");
    await menuButton(page).click();
    await shoot(page, "desktop-menu-admin");
    await menu(page).getByRole("link", { name: "Admin" }).click();
    await page.waitForURL((u) => u.pathname === "/admin");
    await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
