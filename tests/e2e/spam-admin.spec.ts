import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn } from "./pages/session";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Issue 58, the admin pages: watched words (add, import, export, remove), screened email domains and
 * addresses, the new-member limits on /admin/settings, and Silence on a member's page. Screenshots at
 * 1280 and 390 px, light and dark.
 */
const SHOTS = "test-results/screens-58";
mkdirSync(SHOTS, { recursive: true });
const tag = Date.now().toString(36);

test("an admin watches words, screens a domain and a range, and removes them again", async ({ page }) => {
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Spam" }).click();
  await expect(page).toHaveURL(/\/admin\/spam$/);
  await expect(page.getByRole("heading", { name: "Spam", level: 1 })).toBeVisible();
  await expect(page.getByTestId("spam-activity")).toContainText("Spam defence, last 24 hours");

  const words = page.getByRole("form", { name: "Watch a word" });
  await words.getByLabel("Word or pattern").fill(`casino${tag}*`);
  await words.getByLabel("Action").selectOption("BLOCK");
  await words.getByRole("button", { name: "Add" }).click();
  const row = page.getByTestId("watched-word").filter({ hasText: `casino${tag}*` });
  await expect(row).toContainText("Block");

  await page.getByText("Import or export").click();
  await page.getByLabel("Words to import").fill(`crypto${tag},REQUIRE_APPROVAL\n广告${tag},CENSOR`);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 2, skipped 0" })).toBeVisible();
  await expect(page.getByTestId("watched-word").filter({ hasText: `广告${tag}` })).toContainText("Censor");
  const href = await page.getByRole("link", { name: "Export as a list" }).getAttribute("href");
  expect(decodeURIComponent(href!)).toContain(`crypto${tag},REQUIRE_APPROVAL`);

  const emails = page.getByRole("form", { name: "Screen an email domain" });
  await emails.getByLabel("Domain").fill(`spam-${tag}.example`);
  await emails.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("screened-emails").filter({ hasText: `spam-${tag}.example` })).toBeVisible();
  const ips = page.getByRole("form", { name: "Screen an address or range" });
  await ips.getByLabel("Address or CIDR range").fill("not an address");
  await ips.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "CIDR" })).toBeVisible();
  await ips.getByLabel("Address or CIDR range").fill("203.0.113.0/24");
  await ips.getByRole("button", { name: "Add" }).click();
  const range = page.getByTestId("screened-ips").filter({ hasText: "203.0.113.0/24" });
  await expect(range).toBeVisible();

  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `admin-spam-${w.name}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await range.getByRole("button", { name: "Remove 203.0.113.0/24" }).click();
  await expect(range).toHaveCount(0);
  await row.getByRole("button", { name: `Remove casino${tag}*` }).click();
  await expect(row).toHaveCount(0);
  for (const w of [`crypto${tag}`, `广告${tag}`])
    await page
      .getByTestId("watched-word")
      .filter({ hasText: w })
      .getByRole("button", { name: `Remove ${w}` })
      .click();
  await page
    .getByTestId("screened-emails")
    .filter({ hasText: `spam-${tag}.example` })
    .getByRole("button")
    .click();
  await expect(page.getByTestId("screened-emails").filter({ hasText: `spam-${tag}.example` })).toHaveCount(0);
});

test("an admin sets the new-member limits on /admin/settings", async ({ page, request }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "New members and spam" });
  await expect(form).toBeVisible();
  const links = form.getByLabel("Links per post or comment");
  await expect(links).toHaveValue("2");
  await links.fill("3");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `admin-settings-new-members-${w.name}`, { at: form });
  }
  await page.reload();
  await expect(page.getByRole("form", { name: "New members and spam" }).getByLabel("Links per post or comment")).toHaveValue("3");
  await page.getByRole("form", { name: "New members and spam" }).getByLabel("Links per post or comment").fill("2");
  await page.getByRole("form", { name: "New members and spam" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "New members and spam" }).getByRole("status")).toBeVisible();
  void request;
});

test("staff silence a new member from their admin page; the member sees the notice; staff lift it", async ({ page, browser, request }) => {
  const username = `sil_${tag}`;
  const res = await request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: "demo-password" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await (await request.get(`/api/users/${username}`)).json()) as { id: number };
  await signIn(page, "admin");
  await page.goto(`/admin/users/${id}`);
  const panel = page.getByTestId("user-spam");
  await expect(panel.getByRole("button", { name: "Delete spammer" })).toBeVisible();
  await panel.getByLabel("Reason (shown to the member)").fill("Posting adverts");
  await panel.getByRole("button", { name: "Silence", exact: true }).click();
  await expect(panel.getByTestId("silenced-note")).toContainText("Silenced by staff: Posting adverts");
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `admin-user-silenced-${w.name}`, { at: panel });
  }
  const member = await browser.newPage();
  await signIn(member, username);
  await expect(member.getByTestId("suspension-notice")).toContainText("Your account is silenced");
  await expect(member.getByTestId("suspension-notice")).toContainText("Posting adverts");
  await shootLightAndDark(member, SHOTS, "member-silenced-desktop");
  await member.close();
  await panel.getByRole("button", { name: "Lift silence" }).click();
  await expect(panel.getByTestId("silenced-note")).toHaveCount(0);
});
