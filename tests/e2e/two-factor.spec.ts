import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import { apiLogin, DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * Two-factor sign-in (issue 60), clicked through: a member sets it up from Settings (QR code, key, the
 * first code), keeps the recovery codes, then signs in with password + code, is refused a wrong code,
 * and signs in with a recovery code. An admin requires it of staff: a new moderator sees the set-up
 * notice in place of the forum until it is on. Screenshots at 1280 and 390 px, light and dark.
 */

const SHOTS = "test-results/screens-60";
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  await page.mouse.move(0, 0);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** The code of the step `offset` steps from now (a later step than one already used). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { username, id: body.user.id as number };
}

/** Settings → Two-factor: set it up with the key shown, answer the recovery codes. */
async function setUp(page: Page, shot?: string): Promise<{ secret: string; recovery: string[] }> {
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByText("Show the otpauth address").click();
  await expect(page.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
  if (shot) await shots(page, `${shot}-scan`);
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is wrong or out of date")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  const recovery = (await list.allTextContents()).map((s) => s.trim());
  if (shot) await shots(page, `${shot}-recovery`);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();
  return { secret, recovery };
}

async function passwordStep(page: Page, username: string) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Your password is right.")).toBeVisible();
}

for (const vp of VIEWPORTS) {
  test(`a member turns on two-factor sign-in and signs in with a code, then a recovery code (${vp.name} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const { username } = await register(request, "tf");
    await signIn(page, username);
    await page.goto("/settings/two-factor");
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Two-factor" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const { secret, recovery } = await setUp(page, `two-factor-${vp.name}`);

    // Signing in again: the password, then the code.
    await page.context().clearCookies();
    await passwordStep(page, username);
    await shots(page, `two-factor-${vp.name}-code-step`);
    await page.getByLabel("Code", { exact: true }).fill("123456");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is wrong, out of date or used already.")).toBeVisible();
    // The code used to turn it on is spent: the next step's code signs in.
    await page.getByLabel("Code", { exact: true }).fill(await codeAt(secret, 1));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();

    // A recovery code works once.
    await page.context().clearCookies();
    await passwordStep(page, username);
    await page.getByLabel("Code", { exact: true }).fill(recovery[0]!);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().clearCookies();
    await passwordStep(page, username);
    await page.getByLabel("Code", { exact: true }).fill(recovery[0]!);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That code is wrong, out of date or used already.")).toBeVisible();
    await page.getByLabel("Code", { exact: true }).fill(recovery[1]!);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/settings/two-factor");
    await expect(page.getByText("8 recovery codes left.")).toBeVisible();
    await shots(page, `two-factor-${vp.name}-on`);

    // Turning it off needs the password and a code.
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByLabel("Code or recovery code").fill(recovery[2]!);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Wrong password")).toBeVisible();
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, username);
  });
}

test("an admin requires two-factor sign-in of staff: a moderator without it is sent to set it up first", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const auth = { authorization: `Bearer ${admin}` };
  const mod = await register(request, "tfmod");
  expect((await request.put(`/api/admin/users/${mod.id}/role`, { headers: auth, data: { role: "MODERATOR" } })).status()).toBe(200);
  expect((await request.put("/api/admin/config", { headers: auth, data: { staffTwoFactor: true } })).status()).toBe(200);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/login");
    await page.getByLabel("Username or email").fill(mod.username);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const gate = page.getByTestId("two-factor-gate");
    await expect(gate.getByRole("heading", { name: "Set up two-factor sign-in first" })).toBeVisible();
    await expect(page.getByTestId("post-list")).toHaveCount(0);
    await shots(page, "staff-gate-1280");
    await page.goto("/review");
    await expect(gate).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shots(page, "staff-gate-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gate.getByRole("link", { name: "Set up two-factor sign-in" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/two-factor");
    await setUp(page);
    await page.goto("/");
    await expect(gate).toHaveCount(0);
    // A member is never asked.
    const member = await register(request, "tfmem");
    await page.context().clearCookies();
    await signIn(page, member.username);
    await expect(gate).toHaveCount(0);
  } finally {
    await request.put("/api/admin/config", { headers: auth, data: { staffTwoFactor: false } });
  }
});
