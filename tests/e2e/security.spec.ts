import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * In a real browser: every page runs under a CSP without 'unsafe-inline' for scripts (the
 * pages still hydrate: no CSP violation, client components work), and a member manages their sign-ins:
 * active sign-ins with "end" and "sign out everywhere", and a password change that signs out every
 * other browser.
 */

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function me(page: Page) {
  return page.evaluate(async () => (await fetch("/api/users/me", { credentials: "same-origin" })).status);
}

async function newSignedIn(browser: Browser, username: string, password = DEMO_PASSWORD) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, username, password);
  return { ctx, page };
}

test("pages run under a hash-based CSP without 'unsafe-inline' for scripts and still hydrate", async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ["/", "/login", "/api-docs"]) {
    const res = await page.goto(path);
    const csp = res!.headers()["content-security-policy"] ?? "";
    const script = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(script, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(script, path).not.toContain("unsafe-inline");
  }
  // Client components work (hydrated): the sign-in form's error appears without a full reload.
  await page.goto("/login");
  await page.getByLabel("Username or email").fill("nobody-here");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong username or password.")).toBeVisible();
  expect(violations).toEqual([]);
  // An inline script injected into the page is refused by the policy.
  const ran = await page.evaluate(async () => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = 1";
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { __injected?: number }).__injected ?? 0;
  });
  expect(ran).toBe(0);

  const upload = await page.request.get("/api/avatars/alice");
  expect(upload.headers()["content-security-policy"]).toMatch(/^default-src 'none'.*sandbox/);
});

test("active sign-ins: end another browser, then sign out everywhere", async ({ page, browser }) => {
  const other = await newSignedIn(browser, "carol");
  await signIn(page, "carol");
  await page.goto("/settings/sessions");
  await expect(page).toHaveTitle(/Active sign-ins/);
  const list = page.getByTestId("sign-ins");
  await expect(list.getByText("This browser")).toBeVisible();
  const before = await list.getByRole("listitem").count();
  expect(before).toBeGreaterThanOrEqual(2);
  expect(await me(other.page)).toBe(200);
  await page.screenshot({ path: "test-results/sec-sessions.png", fullPage: true });

  // End every other sign-in one by one: the other browser is signed out at once.
  for (let n = before; n > 1; n--) {
    await list.getByRole("button", { name: /^End / }).first().click();
    await expect(list.getByRole("listitem")).toHaveCount(n - 1);
  }
  expect(await me(other.page)).toBe(401);
  expect(await me(page)).toBe(200);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByTestId("confirm").getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  expect(await me(page)).toBe(401);
  await other.ctx.close();
});

test("changing the password signs out the other browsers, keeps this one, and the old password stops working", async ({
  page,
  browser,
}) => {
  const username = `pw_${Date.now().toString(36)}`;
  const oldPassword = "first-password-1";
  const newPassword = "second-password-2";
  const reg = await page.request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: oldPassword },
  });
  expect(reg.status()).toBe(201);
  const other = await newSignedIn(browser, username, oldPassword);
  await signIn(page, username, oldPassword);

  await page.goto("/settings/password");
  await expect(page).toHaveTitle(/Password/);
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is wrong")).toBeVisible();

  await page.getByLabel("Current password").fill(oldPassword);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed");
  await expect(page.getByRole("status")).toContainText("1 other browser session and 1 login token ended");

  expect(await me(page)).toBe(200);
  expect(await me(other.page)).toBe(401);
  // From a context whose cookie no longer counts (a cookie-authenticated POST would need an Origin).
  const old = await other.ctx.request.post("/api/auth/login", { data: { username, password: oldPassword } });
  expect(old.status()).toBe(401);
  const fresh = await other.ctx.request.post("/api/auth/login", { data: { username, password: newPassword } });
  expect(fresh.status()).toBe(200);
  await other.ctx.close();
});

test("signing out in the browser ends the server-side session: a copy of the old cookie is refused", async ({ page, browser }) => {
  await signIn(page, "erin");
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.endsWith("authjs.session-token"))).toBe(true);
  await page.goto("/logout");
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const p = await replay.newPage();
  await p.goto("/");
  expect(await me(p)).toBe(401);
  await replay.close();
});
