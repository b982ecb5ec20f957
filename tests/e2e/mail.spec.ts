import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn } from "./pages/session";

/**
 * Mail without an SMTP server: the e2e server has no SMTP_URL, so every mail is an .eml file in
 * $E2E_DATA_DIR/mail, listed for admins on /admin/mail. A person resets a forgotten password with the
 * link from that file; a new member confirms their address with the link from theirs.
 */

const mailDir = path.resolve(process.env.E2E_DATA_DIR || "./data-e2e", "mail");

/** Opens the newest mail to `to` whose subject matches, as the admin would, and returns its text part. */
async function openMail(browser: Browser, to: string, subject: RegExp): Promise<{ admin: Page; text: string }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, "admin");
  // The scheduler drains the outbox every 2 s: reload until the mail is listed.
  const row = admin.getByTestId("mail-table").getByRole("row").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await admin.goto("/admin/mail");
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.first().getByRole("link").click();
  await expect(admin.getByTestId("mail-to")).toContainText(to);
  return { admin, text: (await admin.getByTestId("mail-text").textContent()) ?? "" };
}

const linkTo = (text: string, pathname: string) => {
  const found = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0])).find((u) => u.pathname === pathname);
  if (!found) throw new Error(`no ${pathname} link in ${text}`);
  return found;
};

test("forgot password: the link from the mail sets a new password and signs in", async ({ page, browser, request }) => {
  const username = `reset_${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  const reg = await request.post("/api/auth/register", { data: { username, email, password: "old-password-1" } });
  expect(reg.status(), await reg.text()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveTitle(/Forgot your password/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Mail me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this address");

  const { admin, text } = await openMail(browser, email, /Reset your Forum password/);
  await admin.screenshot({ path: "test-results/mail-admin-message.png", fullPage: true });
  // The same message is an .eml file in the data folder.
  expect(existsSync(mailDir)).toBe(true);
  const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml") && readFileSync(path.join(mailDir, f), "utf8").includes(email));
  expect(files.length).toBeGreaterThanOrEqual(2); // verification + reset
  await admin.context().close();

  const link = linkTo(text, "/reset-password");
  expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveTitle(/Choose a new password/);
  await page.getByLabel("New password", { exact: true }).fill("new-password-2");
  await page.getByLabel("New password again").fill("new-password-2");
  await page.getByRole("button", { name: "Set the new password and sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();

  // The link worked once; the old password no longer signs in, the new one does.
  const reuse = await request.post("/api/auth/reset", { data: { token: link.searchParams.get("token"), password: "third-password-3" } });
  expect(reuse.status()).toBe(400);
  expect((await request.post("/api/auth/login", { data: { username, password: "old-password-1" } })).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: { username, password: "new-password-2" } })).status()).toBe(200);
});

test("registration: the header asks to verify; the link from the mail confirms the address", async ({ page, browser }) => {
  const username = `verify_${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("verify-password-1");
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const notice = page.getByTestId("verify-notice");
  await expect(notice).toContainText(`Confirm your address ${email}`);
  await expect(notice).toContainText("write only 3 posts or comments");

  const { admin, text } = await openMail(browser, email, /verification code: \d{6}/);
  await admin.context().close();
  const link = linkTo(text, "/verify");
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel("Code")).toHaveValue(link.searchParams.get("code")!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status")).toContainText("your address is confirmed");
  await expect(page.getByTestId("verify-notice")).toHaveCount(0);
});
