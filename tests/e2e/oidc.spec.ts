import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Issue 60 item 3: sign-in through a real OpenID Connect provider (oidc-provider, scripts/oidc-test-provider.mjs)
 * on a loopback port. The shared e2e server has no provider, so this spec starts its own (scripts/e2e-server.mjs
 * with E2E_OIDC_PORT: the provider in that process and OIDC_* pointing at it) on a free port in 4900-4999, its
 * own data folder removed afterwards. The provider's port: E2E_OIDC_PORT, else the first free one from 3250.
 */

async function isFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}
async function freePort(base: number, offset: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = base + ((offset + i) % 100);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${base}-${base + 99}`);
}

const DIR = "test-results/screens-60-oidc";
mkdirSync(DIR, { recursive: true });
const LABEL = "Test SSO";
const run = Math.random().toString(36).slice(2, 7);

let BASE = "";
let DATA = "";
let server: ChildProcess | undefined;
let printed = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort(4900, Number(process.env.E2E_PORT || 3100) % 100);
  const oidcPort = process.env.E2E_OIDC_PORT ? Number(process.env.E2E_OIDC_PORT) : await freePort(3250, 0);
  BASE = `http://localhost:${port}`;
  DATA = `./data-e2e-oidc-${port}`;
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: DATA, E2E_OIDC_PORT: String(oidcPort), OIDC_LABEL: LABEL },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (c: Buffer) => (printed += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (printed += c.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the OIDC e2e server exited:\n${printed.slice(-3000)}`);
        return fetch(`${BASE}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe(200);
});
test.afterAll(async () => {
  const s = server;
  if (s && s.exitCode === null && s.signalCode === null) {
    await new Promise<void>((resolve) => {
      s.once("exit", () => resolve());
      s.kill("SIGTERM");
    });
  }
  if (DATA) rmSync(DATA, { recursive: true, force: true });
});

/** Clicks "Sign in with Test SSO" on /login and completes the provider's login and consent pages as `login`. */
async function signInAtProvider(page: Page, login: string) {
  await page.goto(`${BASE}/login`);
  await page.getByRole("button", { name: `Sign in with ${LABEL}` }).click();
  // oidc-provider's development pages: a login form (any name signs in), then the consent.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The page's alert that says `text` (Next's route announcer is an empty alert too). */
const alert = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function me(page: Page): Promise<{ username: string; email: string } | null> {
  const r = await page.request.get(`${BASE}/api/users/me`);
  return r.ok() ? r.json() : null;
}

async function registerMember(request: APIRequestContext, username: string, email: string) {
  const r = await request.post(`${BASE}/api/auth/register`, { data: { username, email, password: "demo-password" } });
  expect(r.status(), await r.text()).toBe(201);
}

test("the sign-in page shows the provider's button at 1280 and 390 px", async ({ page }) => {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto(`${BASE}/login`);
    await expect(page.getByRole("button", { name: `Sign in with ${LABEL}` })).toBeVisible();
    await shootLightAndDark(page, DIR, `login-sso-${w.name}`, { fullPage: true });
  }
});

test("a new member signs in through the provider and chooses a username", async ({ page }) => {
  const login = `alice_${run}`;
  await signInAtProvider(page, login);
  await page.waitForURL((u) => u.pathname === "/login/choose-username");
  await expect(page.getByText(`as ${login}@oidc.test`)).toBeVisible();
  const field = page.getByLabel("Username");
  await expect(field).toHaveValue(login);
  await shootLightAndDark(page, DIR, "choose-username-desktop");
  // A taken name is refused on the page; another one makes the member.
  await field.fill("admin");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(alert(page, "This username is already taken.")).toBeVisible();
  await field.fill(`alice_chosen_${run}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  expect(await me(page)).toMatchObject({ username: `alice_chosen_${run}`, email: `${login}@oidc.test`, emailVerified: true });

  // The forum's cookies gone, the button signs in again at once: the provider still has its session and
  // the consent (no pages there), and the provider account is linked (no username to choose).
  await page.context().clearCookies({ domain: "localhost" });
  expect(await me(page)).toBeNull();
  await page.goto(`${BASE}/login`);
  await page.getByRole("button", { name: `Sign in with ${LABEL}` }).click();
  await page.waitForURL((u) => u.pathname === "/");
  expect((await me(page))?.username).toBe(`alice_chosen_${run}`);
});

test("a second person's verified email links to the existing member", async ({ page, request }) => {
  const username = `bob_${run}`;
  await registerMember(request, username, `${username}@example.test`);
  await signInAtProvider(page, `${username}@example.test`);
  await page.waitForURL((u) => u.pathname === "/");
  expect((await me(page))?.username).toBe(username);
});

test("an unverified email of an existing member is refused, with the reason on the sign-in page", async ({ page, request }) => {
  const email = `unverified-${run}@example.test`;
  await registerMember(request, `carol_${run}`, email);
  await signInAtProvider(page, email);
  await page.waitForURL((u) => u.pathname === "/login");
  await expect(alert(page, "has not verified this email address")).toBeVisible();
  expect(await me(page)).toBeNull();
});

test("SSO-only sign-in: the password form refuses members, admins still sign in", async ({ page, request }) => {
  const username = `dave_${run}`;
  await registerMember(request, username, `${username}@example.test`);
  const token = (await (await request.post(`${BASE}/api/auth/login`, { data: { username: "admin", password: "demo-password" } })).json())
    .token;
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put(`${BASE}/api/admin/config`, { headers: auth, data: { ssoOnly: true } })).status()).toBe(200);
  try {
    await page.goto(`${BASE}/login`);
    await page.getByLabel("Username or email").fill(username);
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(alert(page, "Password sign-in is turned off on this forum: use the single sign-on button.")).toBeVisible();
    await shootLightAndDark(page, DIR, "login-sso-only-desktop", { fullPage: true });
    await page.goto(`${BASE}/register`);
    await expect(page.getByTestId("registration-sso")).toContainText(`New accounts are made by signing in with ${LABEL}.`);
    await page.goto(`${BASE}/login`);
    await page.getByLabel("Username or email").fill("admin");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect((await me(page))?.username).toBe("admin");
  } finally {
    await request.put(`${BASE}/api/admin/config`, { headers: auth, data: { ssoOnly: false } });
  }
});
