import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * Passkeys (issue 60, item 2), clicked through with Chromium's virtual authenticator (the DevTools
 * protocol's WebAuthn domain): a member adds a passkey in Settings, names and renames it, signs out,
 * and signs in on /login with it — without a username, and after typing one. Removing it makes the
 * button fail. Screenshots at 1280 and 390 px, light and dark (test-results/screenshots/).
 */

const SHOTS = "test-results/screenshots";
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
    // Buttons fade their colours (transition-colors): let them arrive.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return { username };
}

/** A platform authenticator that keeps discoverable credentials and verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

const signedInAs = (page: Page, username: string) => expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();

for (const vp of VIEWPORTS) {
  test(`a member adds a passkey in settings and signs in with it (${vp.name} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const authenticator = await virtualAuthenticator(page);
    const { username } = await register(request, "pk");
    await signIn(page, username);

    await page.goto("/settings/passkeys");
    await expect(page.getByRole("heading", { name: "Passkeys", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Passkeys" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await shots(page, `passkeys-${vp.name}-empty`);

    // Add one, named.
    await page.getByLabel("Name").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey “Test laptop” added." })).toBeVisible();
    const rows = page.getByTestId("passkey-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Test laptop");
    await expect(rows.first()).toContainText("never used");
    const creds = await authenticator.credentials();
    expect(creds).toHaveLength(1);
    expect(creds[0]!.isResidentCredential).toBe(true);

    // Rename it in place.
    await page.getByRole("button", { name: "Rename Test laptop" }).click();
    await page.getByLabel("New name").fill("Work laptop");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(rows.first()).toContainText("Work laptop");
    // A second passkey on the same authenticator is refused by the device itself (excludeCredentials).
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("This device has a passkey for your account already.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(rows).toHaveCount(1);
    await shots(page, `passkeys-${vp.name}-one`);

    // Sign out; sign in with the passkey, no username typed.
    await page.context().clearCookies();
    await page.goto("/login");
    await shots(page, `passkeys-${vp.name}-login`);
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await signedInAs(page, username);

    // Again, after typing the username (the options then name the member's passkeys).
    await page.context().clearCookies();
    await page.goto("/login?callbackUrl=/settings/passkeys");
    await page.getByLabel("Username or email").fill(username);
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/passkeys");
    await signedInAs(page, username);
    await expect(rows.first()).toContainText("last used");

    // Removed, it signs in no more (the device still has it; the site refuses it).
    await page.getByRole("button", { name: "Remove Work laptop" }).click();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await expect(page.getByText("This passkey could not sign you in. Try again, or use your password.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
}

test("a member with two-factor sign-in who uses a passkey is not asked for a code", async ({ page, request }) => {
  const { generate } = await import("otplib");
  await virtualAuthenticator(page);
  const { username } = await register(request, "pk2f");
  await signIn(page, username);
  await page.goto("/settings/two-factor");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("Code", { exact: true }).fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await page.goto("/settings/passkeys");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await signedInAs(page, username);
});
