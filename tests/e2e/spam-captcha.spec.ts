import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { shootLightAndDark, WIDTHS } from "./pages/shots";
import { CAPTCHA_TEST_KEYS, startCaptchaProvider } from "../../scripts/captcha-test-provider.mjs";

/**
 * Issue 58: the sign-up captcha in a real browser. The shared e2e server has no captcha keys, so this spec
 * starts its own (scripts/e2e-server.mjs with CAPTCHA_PROVIDER=turnstile and both keys) whose
 * CAPTCHA_SCRIPT_URL and CAPTCHA_VERIFY_URL point at a stand-in provider on a loopback port
 * (scripts/captcha-test-provider.mjs): its widget script renders an iframe from its own origin, so the
 * page's Content-Security-Policy must allow both its script and its frame. Ports: E2E_CAPTCHA_SERVER_PORT
 * (else a free one in 4900-4999) and E2E_CAPTCHA_PORT (else a free one from 3350).
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

type Provider = {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  verified: { response: string; success: boolean }[];
  close(): Promise<void>;
};

const DIR = "test-results/screens-58";
mkdirSync(DIR, { recursive: true });
const run = Math.random().toString(36).slice(2, 7);

let BASE = "";
let DATA = "";
let server: ChildProcess | undefined;
let provider: Provider | undefined;
let printed = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = process.env.E2E_CAPTCHA_SERVER_PORT
    ? Number(process.env.E2E_CAPTCHA_SERVER_PORT)
    : await freePort(4900, (Number(process.env.E2E_PORT || 3100) + 50) % 100);
  const providerPort = process.env.E2E_CAPTCHA_PORT ? Number(process.env.E2E_CAPTCHA_PORT) : await freePort(3350, 0);
  provider = (await startCaptchaProvider({ port: providerPort })) as Provider;
  BASE = `http://localhost:${port}`;
  DATA = `./data-e2e-captcha-${port}`;
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: DATA,
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_SITE_KEY: CAPTCHA_TEST_KEYS.siteKey,
      CAPTCHA_SECRET_KEY: CAPTCHA_TEST_KEYS.secretKey,
      CAPTCHA_SCRIPT_URL: provider.scriptUrl,
      CAPTCHA_VERIFY_URL: provider.verifyUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (c: Buffer) => (printed += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (printed += c.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the captcha e2e server exited:\n${printed.slice(-3000)}`);
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
  await provider?.close();
  if (DATA) rmSync(DATA, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

test("the page policy allows the captcha's script and frame origin when keys are set, and only then", async ({ request }) => {
  const withKeys = (await request.get(`${BASE}/register`)).headers()["content-security-policy"]!;
  expect(directive(withKeys, "script-src")).toMatch(new RegExp(`^script-src 'self' ${provider!.origin}( |$)`));
  expect(directive(withKeys, "frame-src")).toBe(`frame-src 'self' ${provider!.origin}`);
  // Every page, since a client-side navigation to /register keeps the policy it started with.
  expect((await request.get(`${BASE}/`)).headers()["content-security-policy"]).toContain(`frame-src 'self' ${provider!.origin}`);
  // The shared e2e server has no keys: nothing beyond the site's own origin and its inline scripts' hashes.
  const without = (await request.get("/register")).headers()["content-security-policy"]!;
  expect(directive(without, "script-src")).toMatch(/^script-src 'self'( 'sha256-[^']+')*$/);
  expect(directive(without, "frame-src")).toBeUndefined();
  expect(without).not.toContain(provider!.origin);
});

test("sign-up without the captcha is refused with a clear message; with it, the member is made and signed in", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  const username = `captcha_${run}`;
  await page.goto(`${BASE}/register`);
  const widget = page.getByRole("group", { name: "Captcha" });
  const human = page.frameLocator('[data-testid="captcha"] iframe').getByLabel("I am human");
  await expect(human).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, DIR, `signup-captcha-${w.name}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.test`);
  await page.getByLabel("Password").fill("captcha-password-123");
  await page.getByRole("button", { name: "Register" }).click();
  // Refused (403, field captchaToken) with the message under the widget, which says how to go on.
  await expect(page.getByText("Please complete the captcha")).toBeVisible();
  await expect(widget).toHaveAttribute("aria-describedby", "reg-captcha");
  expect(page.url()).toBe(`${BASE}/register`);
  await shootLightAndDark(page, DIR, "signup-captcha-refused-desktop", { at: widget });

  await human.check();
  await expect(page.locator('input[name="cf-turnstile-response"]')).toHaveValue(/^pass\./);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();
  // The forum's server checked the answer with the (stand-in) provider, once.
  expect(provider!.verified.filter((v) => v.success)).toHaveLength(1);
  expect(blocked).toEqual([]);
});

test("an API client's sign-up without an answer, or with a forged one, is refused", async ({ request }) => {
  const body = (name: string) => ({ username: name, email: `${name}@example.test`, password: "captcha-password-123" });
  const none = await request.post(`${BASE}/api/auth/register`, { data: body(`nocap_${run}`) });
  expect(none.status()).toBe(403);
  expect(await none.json()).toMatchObject({ code: "signup_refused", field: "captchaToken", error: "Please complete the captcha" });
  const forged = await request.post(`${BASE}/api/auth/register`, { data: { ...body(`forged_${run}`), captchaToken: "pass.forged" } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({
    code: "signup_refused",
    field: "captchaToken",
    error: expect.stringMatching(/could not be verified/),
  });
  expect(provider!.verified.at(-1)).toMatchObject({ response: "pass.forged", success: false });
});
