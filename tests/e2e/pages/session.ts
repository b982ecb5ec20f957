import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./api";

/** Signs in through the /login page (Auth.js credentials) and waits for the header to show the user. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();
}

/** Signs out by clearing the session cookies (the header's button is exercised in its own test). */
export async function signOutByCookies(page: Page) {
  await page.context().clearCookies();
}
