import { expect, test, type Page } from "@playwright/test";

/** The sign-up → sign-out → sign-in → API token journey of a new user, in a real browser. */

const user = {
  username: `e2e_${Date.now().toString(36)}`,
  password: "e2e-password-123",
};

async function bearerMe(page: Page, token: string) {
  return page.evaluate(async (t) => {
    // credentials: "omit" so that only the token identifies the caller, not the session cookie.
    const res = await fetch("/api/users/me", { headers: { Authorization: `Bearer ${t}` }, credentials: "omit" });
    return { status: res.status, body: await res.json() };
  }, token);
}

test("sign up, sign out, sign in, create and use an API token", async ({ page }) => {
  await page.goto("/register");
  await expect(page).toHaveTitle(/Register/);
  await expect(page.getByRole("main")).toBeVisible();

  // A weak password is refused with the message next to the field.
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Email").fill(`${user.username}@example.test`);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(/at least 8 characters/i).last()).toBeVisible();

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: `Your profile (${user.username})` })).toBeVisible();

  // Sign out from the sign-out page.
  await page.goto("/logout");
  await expect(page).toHaveTitle(/Sign out/);
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // A wrong password shows an error next to the form; the right one signs in.
  await page.goto("/login?callbackUrl=/settings/tokens");
  await expect(page).toHaveTitle(/Sign in/);
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong username or password.")).toBeVisible();
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/settings/tokens");

  // Create a token: it is shown once, listed by its prefix.
  await expect(page).toHaveTitle(/API tokens/);
  await page.getByLabel("Name").fill("e2e script");
  await page.getByLabel("Scope").selectOption("read");
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  const tokenBox = page.getByTestId("new-token");
  await expect(tokenBox).toBeVisible();
  const token = await tokenBox.inputValue();
  expect(token).toMatch(/^fp_/);
  const row = page.getByTestId("tokens-table").getByRole("row", { name: /e2e script/ });
  await expect(row).toContainText(token.slice(0, 10));
  await expect(row).toContainText("read");
  await page.screenshot({ path: "test-results/auth-tokens.png", fullPage: true });

  const me = await bearerMe(page, token);
  expect(me.status).toBe(200);
  expect(me.body.username).toBe(user.username);

  // Revoking it makes the token useless at once.
  // Asked inline first (components/ui/confirm-button.tsx), not with a browser pop-up.
  await row.getByRole("button", { name: "Revoke e2e script" }).click();
  await row.getByTestId("confirm").getByRole("button", { name: "Revoke" }).click();
  await expect(row).toHaveCount(0);
  expect((await bearerMe(page, token)).status).toBe(401);

  // Sign out in the header's menu (Auth.js's client is fetched on the click) ends the session.
  await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/settings/tokens");
  await page.waitForURL((url) => url.pathname === "/login");
});

test("the settings page needs a session", async ({ page }) => {
  await page.goto("/settings/tokens");
  await page.waitForURL((url) => url.pathname === "/login");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/settings/tokens");
});
