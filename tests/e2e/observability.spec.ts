import { spawn, type ChildProcess } from "node:child_process";
import { openSync, readFileSync, rmSync, closeSync } from "node:fs";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { serverCommand } from "../../scripts/server-node-args.mjs";
import { DEMO_PASSWORD } from "./pages/api";

/*
 * Metrics and the JSON log (docs/observability.md), against a server of its own (the same build) so that
 * its log can be read: METRICS_TOKEN set, METRICS_PORT on loopback, stdout to a file. Real flows run
 * through it (a browser sign-in, an API sign-in, a personal token, a direct message, public pages), then
 * the log is searched for the password and every token issued, and /metrics is scraped.
 */

const PORT = Number(process.env.OBS_PORT || 4510);
const METRICS_PORT = PORT + 1;
const TOKEN = "metrics-token-for-the-observability-test";
const DATA = "./data-e2e-h5-observability";
const LOG = "test-results/observability-server.log";
const base = `http://localhost:${PORT}`;

let server: ChildProcess;
let api: APIRequestContext;
const secrets: string[] = [DEMO_PASSWORD];

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  rmSync(DATA, { recursive: true, force: true });
  const out = openSync(LOG, "w");
  server = spawn(process.execPath, [...serverCommand(), "-p", String(PORT)], {
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: DATA,
      PUBLIC_URL: base,
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(METRICS_PORT),
      TEST_RATE_LIMITS: "login=1000",
      SCHEDULER_INTERVAL_MS: "500",
    },
  });
  closeSync(out);
  api = await playwrightRequest.newContext({ baseURL: base });
  await expect
    .poll(async () => (await api.get("/api/health").catch(() => null))?.status() ?? 0, { timeout: 180_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill("SIGTERM");
});

const logLines = () =>
  readFileSync(LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return { notJson: l };
      }
    });

test("real flows, then the log holds request lines and no password, token, cookie or message text", async ({ browser }) => {
  // A browser signs in (Auth.js sets a session cookie) and reads pages.
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username or email").fill("alice");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const cookies = await context.cookies();
  for (const c of cookies) if (c.value.length >= 16) secrets.push(c.value);

  // API sign-in, a personal token, a direct message with it.
  const login = await api.post("/api/auth/login", { data: { username: "bob", password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const loginToken = (await login.json()).token as string;
  secrets.push(loginToken);
  const made = await api.post("/api/tokens", {
    headers: { Authorization: `Bearer ${loginToken}` },
    data: { name: "observability", scopes: ["read", "write"] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const personal = (await made.json()).token as string;
  secrets.push(personal);
  const alice = await (await api.get("/api/users/alice")).json();
  const text = `secret-message-${Date.now()}`;
  const dm = await api.post("/api/messages", {
    headers: { Authorization: `Bearer ${personal}` },
    data: { recipientId: alice.id, content: text },
  });
  expect(dm.status(), await dm.text()).toBeLessThan(300);
  secrets.push(text);
  // A request id given by a proxy comes back; one is made otherwise.
  const traced = await api.get("/api/health", { headers: { "x-request-id": "proxy-trace-0001" } });
  expect(traced.headers()["x-request-id"]).toBe("proxy-trace-0001");
  const fresh = await api.get("/api/health");
  expect(fresh.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

  // Public pages twice (the second a page-cache hit) and a post page.
  for (let i = 0; i < 2; i++) expect((await api.get("/", { headers: { "sec-fetch-dest": "document" } })).status()).toBe(200);
  await page.goto("/");
  await page.locator('a[href^="/posts/"]').first().click();
  await page.waitForURL(/\/posts\/\d+/);

  await expect.poll(() => logLines().filter((l) => l.msg === "request" && l.route === "/api/messages").length).toBeGreaterThan(0);
  const lines = logLines();
  expect(lines.filter((l) => "notJson" in l)).toEqual([]);
  const requests = lines.filter((l) => l.msg === "request");
  const dmLine = requests.find((l) => l.route === "/api/messages")!;
  expect(dmLine).toMatchObject({ method: "POST", status: expect.any(Number), member: expect.any(Number) });
  expect(typeof dmLine.reqId).toBe("string");
  expect(typeof dmLine.ms).toBe("number");
  expect(requests.some((l) => l.route === "/posts/[id]" && l.member)).toBe(true);
  expect(requests.some((l) => l.reqId === "proxy-trace-0001")).toBe(true);

  const raw = readFileSync(LOG, "utf8");
  for (const s of secrets) expect(raw.includes(s), `the log contains a secret (${s.slice(0, 6)}…)`).toBe(false);
  await context.close();
});

test("/metrics: bearer-protected, every family counted after the activity", async ({ browser }) => {
  expect((await api.get("/metrics")).status()).toBe(401);
  expect((await api.get("/metrics", { headers: { Authorization: "Bearer wrong-token-wrong-token" } })).status()).toBe(401);

  // A page with a live-event stream stays open while the metrics are read.
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const streamed = page.waitForRequest((r) => r.url().includes("/api/events"));
  await page.goto("/");
  await page.locator('a[href^="/posts/"]').first().click();
  await streamed;

  const read = async () => {
    const res = await api.get("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    return res.text();
  };
  const value = (text: string, name: string, labels = ""): number => {
    const re = new RegExp(`^${name}(\\{[^}]*${labels.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^}]*\\})? ([0-9.e+-]+)$`, "m");
    const values = [...text.matchAll(new RegExp(re.source, "gm"))].map((m) => Number(m[2]));
    return values.reduce((a, b) => a + b, 0);
  };
  await expect.poll(async () => value(await read(), "forum_live_streams_open"), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(async () => value(await read(), "forum_scheduler_job_runs_total"), { timeout: 15_000 }).toBeGreaterThan(0);
  const text = await read();
  expect(value(text, "forum_http_requests_total", 'route="/posts/[id]"')).toBeGreaterThan(0);
  expect(value(text, "forum_http_requests_total", 'route="/api/messages",method="POST"')).toBeGreaterThan(0);
  expect(value(text, "forum_http_request_duration_seconds_count")).toBeGreaterThan(0);
  expect(value(text, "forum_page_cache_requests_total", 'result="hit"')).toBeGreaterThan(0);
  expect(value(text, "forum_page_cache_requests_total", 'result="miss"')).toBeGreaterThan(0);
  expect(value(text, "forum_db_queries_total")).toBeGreaterThan(0);
  expect(value(text, "forum_db_query_duration_seconds_count")).toBeGreaterThan(0);
  expect(value(text, "forum_db_pool_max")).toBeGreaterThan(0);
  expect(text).toMatch(/^forum_mail_outbox\{status="pending"\} \d+$/m);
  expect(text).toMatch(/^forum_mail_outbox\{status="failed"\} \d+$/m);
  expect(text).toMatch(/^forum_render_pool_queue \d+$/m);
  expect(value(text, "forum_render_pool_workers")).toBeGreaterThan(0);
  expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds [0-9.e+-]+$/m);
  // Labels are route templates, never raw addresses.
  expect(text).not.toMatch(/route="\/posts\/\d+"/);

  // The loopback listener serves the same without a token.
  const local = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${METRICS_PORT}` });
  const r = await local.get("/metrics");
  expect(r.status()).toBe(200);
  expect(await r.text()).toContain("forum_http_requests_total");
  await local.dispose();
  await context.close();
});

test("/api/ready is ready once migrated; /api/health stays liveness", async () => {
  const ready = await api.get("/api/ready");
  expect(ready.status()).toBe(200);
  const body = await ready.json();
  expect(body).toMatchObject({ status: "ready", db: "ok", migrations: { running: false } });
  expect(body.migrations.applied).toBeGreaterThanOrEqual(body.migrations.expected);
  expect((await api.get("/api/health")).status()).toBe(200);
});
