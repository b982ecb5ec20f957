import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { axeLightAndDark } from "./pages/axe";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Issue 61: the first-run setup on an empty database. Its own server (a free port in 4800-4899, SEED_DEMO=0,
 * its own data folder, both removed afterwards) started the way the e2e server is (scripts/e2e-server.mjs); the
 * setup address is read from what the server printed, as an operator reads it from `npm start`. The server's
 * log is JSON lines (docs/observability.md), so the address is read from a line's `msg`.
 */

/** The first port from 4800 + (E2E_PORT mod 100) on, wrapping within 4800-4899, that nothing listens on. */
async function freePort(): Promise<number> {
  const start = Number(process.env.E2E_PORT || 3100) % 100;
  for (let i = 0; i < 100; i++) {
    const port = 4800 + ((start + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(false));
      s.listen(port, () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 4800-4899");
}

/** The setup address from the server's output so far: complete lines only, a JSON log line's `msg` or plain text. */
function setupAddress(out: string): string | undefined {
  for (const line of out.split("\n").slice(0, -1)) {
    let text = line;
    try {
      const parsed: unknown = JSON.parse(line);
      if (parsed && typeof parsed === "object" && typeof (parsed as { msg?: unknown }).msg === "string")
        text = (parsed as { msg: string }).msg;
    } catch {
      // A plain line (not the JSON log): read as printed.
    }
    const m = /Set the site up at (\S+)/.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

const DIR = "test-results/screens-61";
mkdirSync(DIR, { recursive: true });

let PORT = 0;
let BASE = "";
let DATA = "";
let server: ChildProcess | undefined;
let printed = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  PORT = await freePort();
  BASE = `http://localhost:${PORT}`;
  DATA = `./data-e2e-first-run-${PORT}`;
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_DATA_DIR: DATA, SEED_DEMO: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (c: Buffer) => (printed += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (printed += c.toString()));
  await expect.poll(() => setupAddress(printed) !== undefined, { timeout: 240_000 }).toBe(true);
});
test.afterAll(async () => {
  // scripts/e2e-server.mjs passes the signal on to the server and exits when it has; then its folder goes.
  const s = server;
  if (s && s.exitCode === null && s.signalCode === null) {
    await new Promise<void>((resolve) => {
      s.once("exit", () => resolve());
      s.kill("SIGTERM");
    });
  }
  if (DATA) rmSync(DATA, { recursive: true, force: true });
});

test("the printed address sets the site up once: administrator, name, categories; then a 404", async ({ page, request }) => {
  const url = setupAddress(printed)!;
  const token = new URL(url).searchParams.get("token")!;
  expect(readFileSync(`${DATA}/setup-token`, "utf8").trim()).toBe(token);

  // Every page says there is no administrator yet; the setup without its token is a 404.
  await page.goto(`${BASE}/`);
  await expect(page.getByTestId("setup-notice")).toBeVisible();
  expect((await request.get(`${BASE}/setup`)).status()).toBe(404);
  expect((await request.get(`${BASE}/setup?token=wrong`)).status()).toBe(404);

  await page.goto(url);
  await expect(page.getByTestId("setup-step-1")).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, DIR, `setup-1-${w.name}`);
  }
  expect(await axeLightAndDark(page, "setup step 1")).toEqual([]);
  await page.getByLabel("Username").fill("founder");
  await page.getByLabel("Email").fill("founder@example.test");
  await page.getByLabel("Password").fill("founder-password");
  await page.getByRole("button", { name: "Create the administrator" }).click();

  await expect(page.getByTestId("setup-step-2")).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, DIR, `setup-2-${w.name}`);
  }
  expect(await axeLightAndDark(page, "setup step 2")).toEqual([]);
  await page.getByLabel("Site name").fill("Night Owls");
  await page.getByLabel("Description").fill("For people awake at 3 am");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByTestId("setup-step-3")).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, DIR, `setup-3-${w.name}`);
  }
  expect(await axeLightAndDark(page, "setup step 3")).toEqual([]);
  await page.getByLabel("Category 1").fill("Introductions");
  await page.getByRole("button", { name: "Finish" }).click();
  await page.waitForURL(`${BASE}/`);
  await expect(page).toHaveTitle(/Night Owls/);
  await expect(page.getByTestId("setup-notice")).toBeHidden();

  // Done: the address is a 404 now, for anyone.
  expect((await request.get(url)).status()).toBe(404);
  expect(
    (
      await request.post(`${BASE}/api/setup`, { data: { token, username: "late", email: "late@example.test", password: "late-password" } })
    ).status(),
  ).toBe(404);
});
