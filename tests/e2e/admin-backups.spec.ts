import { mkdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * /admin/backups (issue 56 item 4): an admin opens Backups from the admin nav, backs up now (the
 * progress shows, then the new file is listed with its size and rows), downloads it (a real backup:
 * gzip whose first entry is the manifest), and sets a schedule; the audit log says each in words.
 */
const SHOTS = "test-results/screens-56";

test("an admin backs up now, sees it listed, downloads it and sets the schedule", async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Backups" }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  const before = await page.getByTestId("backup").count();

  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByRole("progressbar", { name: "Backing up…" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Backup made: forum-.*\.forum-backup\.tar\.gz$/ })).toBeVisible({
    timeout: 180_000,
  });
  await expect(page.getByTestId("backup")).toHaveCount(before + 1);
  const row = page.getByTestId("backup").first();
  const name = (await row.getByTestId("backup-name").textContent())!;
  await expect(row).toContainText(/\d+ rows in \d+ tables/);
  await expect(row.getByTestId("backup-size")).toHaveText(/\d+(\.\d)? (KB|MB)/);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `backups-${w.name}`);
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes[0]).toBe(0x1f); // gzip
  const head = gunzipSync(bytes);
  expect(head.subarray(0, 17).toString()).toBe("forum-backup.json");
  // Never through the page cache: the answer is private, no-store.
  const res = await page.request.get(`/api/admin/backups/${name}/download`);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  expect((await res.body()).equals(bytes)).toBe(true);

  await page.getByLabel("Back up automatically").selectOption("weekly");
  await page.getByLabel("Keep the last").fill("4");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Schedule saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Back up automatically")).toHaveValue("weekly");
  await expect(page.getByText(/Next scheduled backup/)).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page.getByText("admin made a backup").first()).toBeVisible();
  await expect(page.getByText(`admin downloaded the backup ${name}`).first()).toBeVisible();
  await expect(page.getByText("admin set the backup schedule to weekly (keep 4)").first()).toBeVisible();
});

test("a moderator gets the 404 page at /admin/backups", async ({ page }) => {
  await signIn(page, "moderator");
  const r = await page.goto("/admin/backups");
  expect(r?.status()).toBe(404);
});
