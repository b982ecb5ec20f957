// Walks OpenIsle's real Nuxt front end (nagisa77/OpenIsle, frontend_nuxt/) served against this forum's API, in
// headless Chromium, as a new member would: home, a post with its comments, sign-in that survives reloads, a
// comment, a new post, a profile, direct messages and notifications. Records every request the browser sends
// to our API that fails (status, path, what the client does with it), every console error and error toast,
// and one verdict per journey. Not part of `npm test` or CI (it needs OpenIsle's source and its npm packages):
// docs/openisle-compat.md says how to run it.
//
//   npx tsx scripts/openisle-client/walk.ts
//
// Environment: CLIENT_URL (the Nuxt client, default http://localhost:3000), API_URL (this forum, default
// http://localhost:3207), WALK_USER / WALK_PASSWORD (a demo member, default alice / demo-password),
// VDITOR_DIR (the client's node_modules/vditor, served in place of the CDN its editor loads from),
// CHROMIUM_PATH (default /usr/bin/chromium), WALK_OUT (default test-results).
import { chromium, type ConsoleMessage, type Page, type Request, type Response } from "@playwright/test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";

const CLIENT = (process.env.CLIENT_URL || "http://localhost:3000").replace(/\/$/, "");
const API = (process.env.API_URL || "http://localhost:3207").replace(/\/$/, "");
const USER = process.env.WALK_USER || "alice";
const PASSWORD = process.env.WALK_PASSWORD || "demo-password";
const VDITOR_DIR = process.env.VDITOR_DIR || "/work/openisle-client/frontend_nuxt/node_modules/vditor";
const OUT = process.env.WALK_OUT || "test-results";
const STAMP = Date.now().toString(36);

type ApiCall = { journey: string; method: string; path: string; status: number | null; error?: string; note?: string };
type Journey = { name: string; ok: boolean; detail: string; calls: number; failedCalls: number };

const apiCalls: ApiCall[] = [];
const consoleErrors: { journey: string; text: string }[] = [];
let externalConsoleErrors = 0;
const answered = new WeakMap<Request, ApiCall>();
const toasts: { journey: string; text: string }[] = [];
const external = new Set<string>();
const journeys: Journey[] = [];
let current = "setup";

const apiOrigin = new URL(API).origin;
const clientOrigin = new URL(CLIENT).origin;
const types: Record<string, string> = {
  ".js": "application/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

function watch(page: Page) {
  page.on("response", (res: Response) => {
    const req = res.request();
    if (new URL(req.url()).origin !== apiOrigin || req.method() === "OPTIONS") return;
    const call: ApiCall = { journey: current, method: req.method(), path: pathOf(req.url()), status: res.status() };
    answered.set(req, call);
    apiCalls.push(call);
  });
  page.on("requestfailed", (req: Request) => {
    if (new URL(req.url()).origin !== apiOrigin) return;
    const call = answered.get(req);
    // Answered, but the page went on before the client read the body (a heartbeat during navigation).
    if (call) return void (call.note = `body not read: ${req.failure()?.errorText ?? "failed"}`);
    const error = req.failure()?.errorText ?? "failed";
    apiCalls.push({
      journey: current,
      method: req.method(),
      path: pathOf(req.url()),
      status: null,
      error,
      // An image the page stopped loading when it reloaded or moved on: nothing was asked of our server's answer.
      ...(error === "net::ERR_ABORTED" && req.resourceType() === "image" ? { note: "cancelled by the page" } : {}),
    });
  });
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() !== "error") return;
    const at = msg.location().url;
    // Third-party files this machine cannot fetch (refused by the route below): not about our API.
    if (at && !at.startsWith(apiOrigin) && !at.startsWith(clientOrigin)) return void externalConsoleErrors++;
    consoleErrors.push({ journey: current, text: `${msg.text().slice(0, 300)}${at ? ` (${pathOf(at)})` : ""}` });
  });
  page.on("pageerror", (err) => consoleErrors.push({ journey: current, text: `pageerror: ${err.message.slice(0, 300)}` }));
}

// The client's error toasts last 2 s: an observer in the page keeps every one shown.
function recordToasts() {
  const w = window as unknown as { __errorToasts: string[] };
  w.__errorToasts = [];
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement) {
          const t = n.matches(".Vue-Toastification__toast--error") ? n : n.querySelector(".Vue-Toastification__toast--error");
          if (t) w.__errorToasts.push((t.textContent ?? "").trim());
        }
  }).observe(document, { childList: true, subtree: true });
}

async function collectToasts(page: Page) {
  const texts = await page
    .evaluate(() => (window as unknown as { __errorToasts?: string[] }).__errorToasts?.splice(0) ?? [])
    .catch(() => [] as string[]);
  for (const t of texts) if (t) toasts.push({ journey: current, text: t });
}

const popupsSeen: string[] = [];
/** The client's one-time announcements (messages, notification settings, new medals): closed as a member would. */
async function dismissPopups(page: Page) {
  for (let i = 0; i < 5; i++) {
    const close = page
      .locator(".message-popup-close, .notification-popup-close, .medal-popup-close, .activity-popup-close")
      .filter({ visible: true });
    if (!(await close.count())) return;
    const popup = close.first().locator("xpath=ancestor::div[contains(@class,'-popup')][last()]");
    popupsSeen.push(`${current}: ${((await popup.textContent().catch(() => "")) ?? "").replace(/\s+/g, " ").trim().slice(0, 80)}`);
    await close.first().click();
    await page.waitForTimeout(700);
  }
}

async function settle(page: Page, ms = 1500) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(ms);
  await dismissPopups(page);
  await collectToasts(page);
}

const failedCall = (c: ApiCall) => (c.status === null && c.note !== "cancelled by the page") || (c.status !== null && c.status >= 400);

async function journey(name: string, page: Page, run: () => Promise<string>) {
  current = name;
  const before = apiCalls.length;
  let ok = false;
  let detail: string;
  try {
    detail = await run();
    ok = true;
  } catch (e) {
    const lines = (e instanceof Error ? e.message : String(e)).split("\n");
    // Playwright's first line, and the reason it waited (what covers the element, if anything).
    detail = [lines[0], lines.find((l) => /intercepts pointer|not visible|not enabled/.test(l))?.trim()].filter(Boolean).join(": ");
    await page.screenshot({ path: `${OUT}/openisle-client-fail-${name.replace(/\W+/g, "-")}.png` }).catch(() => {});
  }
  await collectToasts(page);
  // A member who sees an error toast did not get through, whatever the page shows afterwards.
  const shown = toasts.filter((t) => t.journey === name).map((t) => t.text);
  if (ok && shown.length) {
    ok = false;
    detail = `${detail}; but error toast: ${shown.join(" / ")}`;
  }
  const calls = apiCalls.slice(before);
  const failedCalls = calls.filter(failedCall).length;
  journeys.push({ name, ok, detail, calls: calls.length, failedCalls });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
}

async function typeInEditor(page: Page, scope: string, text: string) {
  // Vditor draws three editing surfaces (wysiwyg, ir, sv); the client uses the instant-rendering one.
  const box = page.locator(`${scope} .vditor-ir pre.vditor-reset`);
  await box.first().waitFor({ state: "visible", timeout: 20_000 });
  await box.first().click();
  await page.keyboard.type(text, { delay: 5 });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "zh-CN" });
  // The client loads its editor (Vditor) from OpenIsle's CDN and a few scripts from third parties; this machine
  // has no internet: Vditor's files come from the client's own node_modules, everything else is refused.
  await context.route(
    (url) => url.origin !== apiOrigin && url.origin !== clientOrigin,
    async (route) => {
      const url = new URL(route.request().url());
      const rest = url.pathname.match(/\/assert\/vditor\/(.*)$/)?.[1];
      if (rest && existsSync(join(VDITOR_DIR, rest))) {
        const file = join(VDITOR_DIR, rest);
        return route.fulfill({ body: readFileSync(file), contentType: types[extname(file)] ?? "application/octet-stream" });
      }
      external.add(url.origin);
      return route.abort();
    },
  );
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  watch(page);

  // A post with comments, chosen from our API as the client would list it.
  const list = (await (await fetch(`${API}/api/posts?page=0&pageSize=50`)).json()) as {
    id: number;
    title: string;
    commentCount: number;
  }[];
  const post = [...list].sort((a, b) => b.commentCount - a.commentCount)[0];
  const category = ((await (await fetch(`${API}/api/categories`)).json()) as { name: string }[])[0]?.name;
  const tag = ((await (await fetch(`${API}/api/tags`)).json()) as { name: string }[])[0]?.name;
  if (!post || !category || !tag) throw new Error(`${API} has no posts, categories or tags: start it with the demo content`);

  await journey("home", page, async () => {
    await page.goto(`${CLIENT}/`, { waitUntil: "domcontentloaded" });
    await page.locator(".article-item").first().waitFor({ timeout: 20_000 });
    await settle(page);
    const n = await page.locator(".article-item").count();
    await page.screenshot({ path: `${OUT}/openisle-client-home.png` });
    return `${n} posts listed`;
  });

  await journey("post with comments", page, async () => {
    await page.goto(`${CLIENT}/posts/${post.id}`, { waitUntil: "domcontentloaded" });
    await page.locator(".info-content-text").first().waitFor({ timeout: 20_000 });
    await settle(page);
    const shown = await page.locator(".comments-container .info-content-container").count();
    // The post's head and its first comments in one picture, 1280 px wide.
    await page.screenshot({ path: `${OUT}/openisle-client-post.png`, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: 1500 } });
    if (post.commentCount > 0 && shown === 0) throw new Error(`post ${post.id}: 0 of ${post.commentCount} comments shown`);
    return `post ${post.id} "${post.title}": ${shown} comments and replies shown (commentCount ${post.commentCount})`;
  });

  await journey("sign in, stay signed in across reloads", page, async () => {
    await page.goto(`${CLIENT}/login`, { waitUntil: "domcontentloaded" });
    await settle(page, 500);
    const inputs = page.locator(".login-page input");
    await inputs.nth(0).fill(USER);
    await inputs.nth(1).fill(PASSWORD);
    await page.locator(".login-page-button-primary").click();
    await page.waitForURL(`${CLIENT}/`, { timeout: 15_000 });
    await page.locator(".avatar-img").first().waitFor({ timeout: 15_000 });
    for (let i = 0; i < 2; i++) {
      await page.reload({ waitUntil: "domcontentloaded" });
      await settle(page, 2500);
      if (!(await page.locator(".avatar-img").first().isVisible())) throw new Error(`signed out after reload ${i + 1}`);
    }
    const token = await page.evaluate(() => localStorage.getItem("token"));
    if (!token) throw new Error("token cleared");
    await page.screenshot({ path: `${OUT}/openisle-client-signed-in.png` });
    return `${USER} signed in, still signed in after 2 reloads`;
  });

  await journey("write a comment", page, async () => {
    await page.goto(`${CLIENT}/posts/${post.id}`, { waitUntil: "domcontentloaded" });
    await settle(page);
    const text = `Comment from OpenIsle's client ${STAMP}`;
    await typeInEditor(page, ".comment-editor-container", text);
    const sent = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().startsWith(`${API}/api/posts/${post.id}/comments`),
      { timeout: 15_000 },
    );
    await page.locator(".comment-submit").first().click();
    const res = await sent;
    if (!res.ok()) throw new Error(`POST comments -> ${res.status()}`);
    await page.getByText(text).first().waitFor({ timeout: 15_000 });
    await settle(page, 500);
    await page.screenshot({ path: `${OUT}/openisle-client-comment.png` });
    return `comment posted (${res.status()}) and shown in the timeline`;
  });

  await journey("react to the post", page, async () => {
    await page.goto(`${CLIENT}/posts/${post.id}`, { waitUntil: "domcontentloaded" });
    await settle(page);
    // The post's own reaction bar is the first on the page; its picker offers the 25 types.
    await page.locator(".reactions-container").first().locator(".reactions-viewer-item").last().click();
    const option = page.locator(".reactions-panel .reaction-option:not(.selected)").first();
    await option.waitFor({ timeout: 10_000 });
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url() === `${API}/api/posts/${post.id}/reactions`, {
      timeout: 15_000,
    });
    await option.click();
    const res = await sent;
    if (!res.ok()) throw new Error(`POST reactions -> ${res.status()} ${(await res.text()).slice(0, 200)}`);
    await settle(page, 500);
    return `reaction added (${res.status()})`;
  });

  await journey("search from the header", page, async () => {
    await page.goto(`${CLIENT}/`, { waitUntil: "domcontentloaded" });
    await settle(page, 500);
    const input = page.locator(".search-dropdown input.text-input").first();
    await input.click();
    const sent = page.waitForResponse((r) => r.url().startsWith(`${API}/api/search/global`), { timeout: 15_000 });
    await input.fill("tomato");
    const res = await sent;
    if (!res.ok()) throw new Error(`search -> ${res.status()}`);
    await page.locator(".search-option-item").first().waitFor({ timeout: 10_000 });
    const n = await page.locator(".search-option-item").count();
    await page.keyboard.press("Escape");
    return `${n} results for "tomato"`;
  });

  let newPostUrl = "";
  await journey("create a post (category and tag chosen)", page, async () => {
    await page.goto(`${CLIENT}/new-post`, { waitUntil: "domcontentloaded" });
    await settle(page);
    const title = `Written in OpenIsle's client ${STAMP}`;
    await page.locator(".post-title-input").fill(title);
    await typeInEditor(page, ".post-editor-container", "This post was written with OpenIsle's own front end.");
    // The first options are the client's own "no category" (id '') and "no tag" (id 0): a real one is chosen.
    const dropdowns = page.locator(".post-options-left .dropdown-display");
    await dropdowns.nth(0).click();
    await page.locator(".dropdown-menu .dropdown-option").filter({ hasText: category }).first().click();
    await dropdowns.nth(1).click();
    await page.locator(".dropdown-menu .dropdown-option").filter({ hasText: tag }).first().click();
    await page.locator(".post-title-input").click();
    const chosen = (await dropdowns.nth(0).textContent())?.trim();
    if (!chosen?.includes(category)) throw new Error(`category picker shows "${chosen}", not ${category}`);
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url() === `${API}/api/posts`, {
      timeout: 15_000,
    });
    await page.locator(".post-submit").click();
    const res = await sent;
    if (!res.ok()) throw new Error(`POST /api/posts -> ${res.status()} ${(await res.text()).slice(0, 200)}`);
    await page.waitForURL(/\/posts\/\d+/, { timeout: 15_000 });
    newPostUrl = page.url();
    await page.getByText(title).first().waitFor({ timeout: 15_000 });
    await settle(page, 500);
    return `created and opened ${new URL(newPostUrl).pathname}`;
  });

  await journey("open a profile", page, async () => {
    await page.goto(`${CLIENT}/users/bob`, { waitUntil: "domcontentloaded" });
    await page.locator(".profile-page-header-user-info-name").waitFor({ timeout: 20_000 });
    await settle(page);
    const name = (await page.locator(".profile-page-header-user-info-name").textContent())?.trim();
    if (name !== "bob") throw new Error(`profile shows "${name}"`);
    await page.screenshot({ path: `${OUT}/openisle-client-profile.png` });
    return "bob's profile shown";
  });

  await journey("send a direct message from a profile", page, async () => {
    await page.goto(`${CLIENT}/users/bob`, { waitUntil: "domcontentloaded" });
    await settle(page, 500);
    await page.locator(".profile-page-header-send-mail-button").click();
    await page.waitForURL(/\/message-box\/\d+/, { timeout: 15_000 });
    await settle(page, 1000);
    const text = `Hello bob, from OpenIsle's client ${STAMP}`;
    await typeInEditor(page, ".message-editor-container", text);
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(`${API}/api/messages`), {
      timeout: 15_000,
    });
    await page.locator(".message-submit").click();
    const res = await sent;
    if (!res.ok()) throw new Error(`POST ${pathOf(res.url())} -> ${res.status()} ${(await res.text()).slice(0, 200)}`);
    await page.locator(".messages-list").getByText(text).first().waitFor({ timeout: 15_000 });
    return `conversation ${new URL(page.url()).pathname}: message sent (${res.status()}) and shown`;
  });

  await journey("messages page (conversation list)", page, async () => {
    await page.goto(`${CLIENT}/message-box`, { waitUntil: "domcontentloaded" });
    await settle(page, 2500);
    // It opens on its channels tab (频道), then the member picks direct messages (站内信).
    const channelsShown = await page.locator(".empty-container, .conversation-item").count();
    await page.locator(".base-tabs-item").filter({ hasText: "站内信" }).click();
    await settle(page, 1500);
    const items = await page.locator(".conversation-item").count();
    const error = await page
      .locator(".messages-container .error-container")
      .textContent()
      .catch(() => null);
    if (error) throw new Error(`error shown: ${error.trim()}`);
    if (items === 0) throw new Error("no conversation listed");
    return `channels tab drew ${channelsShown ? "its list" : "nothing"}; ${items} conversations listed`;
  });

  await journey("notifications", page, async () => {
    await page.goto(`${CLIENT}/message`, { waitUntil: "domcontentloaded" });
    await settle(page, 2500);
    const items = await page.locator(".notif-content, .timeline-item, .notification-item").count();
    if (items === 0) throw new Error("no notification listed");
    return `${items} notification rows`;
  });

  await browser.close();

  const failed = apiCalls.filter(failedCall);
  const cancelled = apiCalls.filter((c) => c.note === "cancelled by the page").length;
  const summary = {
    client: CLIENT,
    api: API,
    journeys,
    requests: apiCalls.length,
    failedRequests: failed,
    cancelledImages: cancelled,
    consoleErrors,
    externalConsoleErrors,
    errorToasts: toasts,
    externalOriginsRefused: [...external],
    popupsSeen,
    calls: apiCalls,
  };
  writeFileSync(`${OUT}/openisle-client-walk.json`, JSON.stringify(summary, null, 2));
  console.log(
    `\n${journeys.filter((j) => j.ok).length}/${journeys.length} journeys work; ${apiCalls.length} API requests, ${failed.length} failed (${cancelled} images cancelled by a reload, not counted)`,
  );
  for (const c of failed) console.log(`  ${c.status ?? c.error} ${c.method} ${c.path}  [${c.journey}]`);
  console.log(
    `${consoleErrors.length} console errors (${externalConsoleErrors} more about refused third-party files), ${toasts.length} error toasts`,
  );
  const grouped = new Map<string, number>();
  for (const e of consoleErrors) {
    const key = e.text.replace(/([?&]t=)\d+/g, "$1…");
    grouped.set(key, (grouped.get(key) ?? 0) + 1);
  }
  for (const [text, n] of grouped) console.log(`  console ×${n} ${text}`);
  for (const t of toasts) console.log(`  toast [${t.journey}] ${t.text}`);
  for (const p of popupsSeen) console.log(`  popup closed [${p}]`);
  console.log(`details: ${OUT}/openisle-client-walk.json`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
