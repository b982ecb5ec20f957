import { execFileSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * A member's data export (issue 60 item 4), clicked through: Settings → Your data, request the archive,
 * watch it being made by the server's scheduler, download it (the browser's download) and open it: a
 * valid tar.gz with the README, the JSON files and the member's post. Another member's request for the
 * same link is refused. Screenshots of the section at 1280 and 390 px, light and dark.
 */

const SHOTS = "test-results/screens-60";
mkdirSync(SHOTS, { recursive: true });

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

test("a member downloads their data archive from Settings → Your data", async ({ page, request, browser }, info) => {
  const username = `exp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, username);
  await page.goto("/settings/account");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Your data" }).click();
  await page.waitForURL("**/settings/data");
  const section = page.getByRole("region", { name: "Download your data" });
  await expect(section).toBeVisible();
  await expect(section).toContainText("Messages others sent you are not included");
  await shots(page, "data-export-1280-start");

  await section.getByRole("button", { name: "Request my data" }).click();
  // Pending, then running with a progress bar, then ready: the scheduler makes it off the request.
  await expect(section.getByText(/Waiting to start|Making your archive/)).toBeVisible();
  await expect(section.getByText("Your archive is ready.")).toBeVisible({ timeout: 45_000 });
  await expect(section).toContainText("The link works until");
  await expect(section).toContainText("You can request a new archive from");
  await shots(page, "data-export-1280-ready");

  const link = section.getByRole("link", { name: /Download archive/ });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/\/api\/users\/me\/export\/[A-Za-z0-9_-]{43}\/download$/);
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^data-${username}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`));
  const file = path.join(info.outputDir, download.suggestedFilename());
  await download.saveAs(file);
  expect(statSync(file).size).toBeGreaterThan(100);
  // A valid gzip'd tar: `tar` lists it and reads the profile back.
  const names = execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).trim().split("\n");
  expect(names).toEqual(expect.arrayContaining(["README.txt", "profile.json", "posts.json", "comments.json", "messages/messages.json", "uploads.json"]));
  const profile = JSON.parse(execFileSync("tar", ["-xzOf", file, "profile.json"], { encoding: "utf8" }));
  expect(profile.account.username).toBe(username);
  expect(execFileSync("tar", ["-xzOf", file, "README.txt"], { encoding: "utf8" })).toContain("only the messages you sent are included");

  // Another member's browser gets nothing at that address; nor does a visitor.
  const other = `exo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  expect((await request.post("/api/auth/register", { data: { username: other, email: `${other}@example.test`, password: DEMO_PASSWORD } })).status()).toBe(201);
  const ctx = await browser.newContext();
  const otherPage = await ctx.newPage();
  await signIn(otherPage, other);
  expect((await otherPage.request.get(href!)).status()).toBe(404);
  await ctx.close();
  expect((await request.get(href!)).status()).toBe(401);

  // The inbox says so too (DATA_EXPORT_READY), linking back to the settings page.
  await page.goto("/notifications");
  const note = page.getByRole("link", { name: /Your data archive is ready to download/ }).first();
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute("href", /\/settings\/data$/);

  // Phones: the same section at 390 px.
  await page.goto("/settings/data");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByText("Your archive is ready.")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shots(page, "data-export-390-ready");
});
