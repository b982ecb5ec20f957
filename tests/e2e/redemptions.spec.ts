import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiLogin, unique } from "./pages/api";
import { signIn, signOutByCookies } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * an admin hands over a redeemed good from /admin/redemptions; the member's points
 * history names the good (it was empty) and shows it handed over, and a notification tells them.
 */

const SHOTS = "test-results/screens-54";
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A demo member who can afford the cheapest good redeems it through the API. */
async function redeemSomething(request: APIRequestContext) {
  const goods = (await (await request.get("/api/point-goods")).json()) as { id: number; name: string; cost: number }[];
  const good = goods[0]!;
  for (const username of ["dave", "erin", "heidi", "carol", "ivan", "judy"]) {
    const token = await apiLogin(request, username);
    const me = (await (await request.get("/api/users/me", auth(token))).json()) as { point: number };
    if (me.point < good.cost) continue;
    const contact = unique(`${username} at 7 Market Street`);
    const r = await request.post("/api/point-goods/redeem", { ...auth(token), data: { goodId: good.id, contact } });
    expect(r.status(), await r.text()).toBe(200);
    return { username, good, contact };
  }
  throw new Error("no demo member can afford the cheapest good");
}

test("an admin marks a redemption fulfilled; the member sees the good in the history and a notification", async ({ page, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  const { username, good, contact } = await redeemSomething(request);

  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Redemptions" }).click();
  await expect(page).toHaveURL(/\/admin\/redemptions$/);
  await expect(page.getByRole("heading", { name: "Redemptions", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Pending \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  const row = page.getByTestId("redemption").filter({ hasText: contact });
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(row.getByTestId("redemption-member")).toHaveText(username);
  await expect(row.getByTestId("redemption-good")).toHaveText(good.name);
  await expect(row.getByTestId("redemption-contact")).toHaveText(contact);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `12-admin-pending-${w.name}`, { at: row });
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });

  await row.getByRole("button", { name: `Mark ${username}'s ${good.name} fulfilled` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Marked ${good.name} fulfilled; ${username} was notified.` })).toBeVisible();
  // It leaves the pending list (the page is rendered again) and shows among the fulfilled ones, with who did it.
  await expect(page.getByTestId("redemption").filter({ hasText: contact })).toHaveCount(0);
  await page.getByRole("link", { name: "Fulfilled", exact: true }).click();
  await expect(page).toHaveURL(/status=fulfilled/);
  const done = page.getByTestId("redemption").filter({ hasText: contact });
  await expect(done).toHaveAttribute("data-status", "fulfilled");
  await expect(done).toContainText("Fulfilled by admin");
  await expect(done.getByRole("button")).toHaveCount(0);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `12-admin-fulfilled-${w.name}`, { at: done });
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });

  // The audit log says it in words.
  await page.goto("/admin/audit");
  await expect(page.getByText(`admin handed over ${username}'s ${good.name}`).first()).toBeVisible();

  // The member.
  await signOutByCookies(page);
  await signIn(page, username);
  await page.goto("/points");
  const redeemed = page
    .getByTestId("ledger-row")
    .filter({ has: page.getByTestId("ledger-good") })
    .first();
  await expect(redeemed).toHaveAttribute("data-type", "REDEEM");
  await expect(redeemed.getByTestId("ledger-good")).toContainText(good.name);
  await expect(redeemed.getByTestId("ledger-redemption-status")).toHaveText("Handed over");
  // The good is still in the shop: its name links there.
  await expect(redeemed.getByRole("link", { name: good.name })).toHaveAttribute("href", `#good-${good.id}`);
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `12-history-${w.name}`, { at: redeemed });
  }
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });

  await page.goto("/notifications");
  const note = page.getByText(`admin handed over the good you redeemed: ${good.name}`).first();
  await expect(note).toBeVisible();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shootLightAndDark(page, SHOTS, `12-notification-${w.name}`, { at: note });
  }
});

test("the redemptions page is for admins only: a moderator gets the not-found page", async ({ page }) => {
  await signIn(page, "moderator");
  const res = await page.goto("/admin/redemptions");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("redemption")).toHaveCount(0);
});
