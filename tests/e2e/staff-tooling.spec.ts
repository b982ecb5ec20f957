import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/**
 * In the browser: an admin filters and sorts the members table, opens a member's page,
 * suspends the author of a flagged post from the flag, and reads the audit line in words — at 1280 px
 * and at 390 px, with axe at 0 in both themes. Screenshots go to test-results/shots-staff/.
 */

test.describe.configure({ timeout: 240_000 });

const SHOTS = "test-results/shots-staff";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function newMember(request: APIRequestContext) {
  const username = `newbie_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = "member-password-123";
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  return { username, password, token: ((await reg.json()) as { token: string }).token };
}

/** A fresh member with one post that bob flagged as spam. */
async function flaggedMember(request: APIRequestContext) {
  const member = await newMember(request);
  const post = await apiCreatePost(request, member.token, { title: unique("Cheap watches here") });
  const bob = await apiLogin(request, "bob");
  const flag = await request.post("/api/flags", { headers: auth(bob), data: { postId: post.id, reason: "SPAM", note: "link farm" } });
  expect(flag.status(), await flag.text()).toBe(201);
  return { member, post };
}

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

for (const width of [1280, 390] as const) {
  test(`${width} px: filter the members table, open a member, suspend a flagged post's author from the flag, read the audit line`, async ({
    page,
    request,
  }) => {
    const { member, post } = await flaggedMember(request);
    await signIn(page, "admin");
    // Signed in at the default size (the phone header folds the profile link into its menu).
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const violations: string[] = [];

    // The table: the search and the filters apply as they change (no button), a column header sorts.
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    const filters = page.getByRole("search", { name: "Find members" });
    const table = page.getByTestId("users-table");
    await expect(table.getByRole("columnheader", { name: /Flags against/ })).toBeVisible();
    await filters.getByLabel("Search").fill(member.username);
    await expect(page).toHaveURL(new RegExp(`q=${member.username}`));
    await expect(page.getByTestId("admin-user")).toHaveCount(1);
    await filters.getByLabel("Status").selectOption({ label: "New this week" });
    await expect(page).toHaveURL(/status=new/);
    const row = page.getByTestId("admin-user").filter({ hasText: member.username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Member");
    await expect(row).toContainText("1 (1 open)");
    await filters.getByLabel("Status").selectOption({ label: "Suspended" });
    await expect(page.getByText("No member matches these filters.")).toBeVisible();
    await filters.getByLabel("Search").fill("");
    await filters.getByLabel("Status").selectOption({ label: "Bots" });
    await expect(page.getByTestId("admin-user").filter({ hasText: "helper-bot" })).toHaveCount(1);
    await filters.getByLabel("Status").selectOption({ label: "Everyone" });
    await filters.getByLabel("Role").selectOption({ label: "Moderators" });
    await expect(page.getByTestId("admin-user").filter({ hasText: "moderator" })).toHaveCount(1);
    await expect(page.getByTestId("admin-user").filter({ hasText: "alice" })).toHaveCount(0);
    await filters.getByLabel("Role").selectOption({ label: "Any role" });
    await table.getByRole("link", { name: /^Posts/ }).click();
    await expect(page).toHaveURL(/sort=-posts/);
    await expect(table.getByRole("columnheader", { name: /Posts/ })).toHaveAttribute("aria-sort", "descending");
    // The table scrolls inside its frame; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shots(page, `users-table-${width}`);
    violations.push(...(await axeLightAndDark(page, `users ${width}`)));

    // A bot's page offers no suspension.
    await page.goto("/admin/users?status=bot");
    await page.getByTestId("admin-user").filter({ hasText: "helper-bot" }).getByRole("link", { name: "helper-bot" }).click();
    await expect(page.getByRole("heading", { name: "helper-bot", level: 1 })).toBeVisible();
    await expect(page.getByText("Bots cannot be suspended.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Suspend/ })).toHaveCount(0);

    // The member's page: their post, the flag against them, no suspension yet.
    await page.goto(`/admin/users?q=${member.username}`);
    await page.getByTestId("admin-user").getByRole("link", { name: member.username }).click();
    await expect(page.getByRole("heading", { name: member.username, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: /Latest posts/ })).toContainText(post.title);
    await expect(page.getByTestId("user-flags")).toContainText("Spam");
    await expect(page.getByTestId("user-flags")).toContainText("“link farm”");
    await expect(page.getByText("Never suspended.")).toBeVisible();
    await shots(page, `user-page-${width}`);
    violations.push(...(await axeLightAndDark(page, `user page ${width}`)));

    // From the flag in the review queue: suspend the author. The reason starts empty and a staff-written
    // one is offered; the flagger's note ("link farm") is never part of it.
    await page.goto("/review");
    const target = page.getByTestId("flag-target").filter({ hasText: post.title });
    await target.getByTestId("suspend-author").click();
    const form = target.getByRole("form", { name: `Suspend ${member.username}` });
    const reason = form.getByLabel("Reason (the member sees it)");
    await expect(reason).toHaveValue("");
    await form.getByTestId("reason-template").click();
    await expect(reason).toHaveValue(`Spam: your post “${post.title}”`);
    await form.getByLabel("For", { exact: true }).selectOption({ label: "3 days" });
    await form.getByRole("button", { name: "Suspend…" }).click();
    const confirm = form.getByTestId("confirm");
    await expect(confirm).toContainText("for 3 days");
    await shots(page, `suspend-from-flag-${width}`);
    violations.push(...(await axeLightAndDark(page, `review suspend ${width}`, ['[data-testid="flag-list"]'])));
    await confirm.getByRole("button", { name: "Suspend for 3 days" }).click();
    await expect(target.getByTestId("author-suspended")).toContainText(`${member.username} is suspended until`);

    // The audit log, filtered by actor and action, reads in words with links.
    await page.goto("/admin/audit");
    const auditFilters = page.getByRole("search", { name: "Filter the audit log" });
    await auditFilters.getByLabel("By", { exact: true }).fill("admin");
    await expect(page).toHaveURL(/actor=admin/);
    await auditFilters.getByLabel("Action").selectOption({ label: "Suspended a member" });
    await expect(page).toHaveURL(/action=user\.suspend/);
    const line = page.getByTestId("audit-entry").first();
    await expect(line).toContainText(
      new RegExp(`^admin suspended ${member.username} until \\d+ \\w+ \\d{4}: “Spam: your post “${escape(post.title)}””`),
    );
    await expect(line.getByRole("link", { name: "admin", exact: true })).toHaveAttribute("href", /\/admin\/users\/\d+$/);
    await line.getByText("Details").click();
    await expect(line).toContainText('"suspendedReason"');
    await shots(page, `audit-${width}`);
    violations.push(...(await axeLightAndDark(page, `audit ${width}`)));

    // The member's page now shows the suspension and its history, and offers to lift it.
    await line.getByRole("link", { name: member.username }).click();
    await expect(page.getByRole("heading", { name: member.username, level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Suspensions, newest first" })).toContainText(`admin suspended ${member.username}`);
    await page.getByRole("button", { name: "Lift suspension…" }).click();
    await page.getByTestId("confirm").getByRole("button", { name: "Lift the suspension" }).click();
    await expect(page.getByRole("list", { name: "Suspensions, newest first" })).toContainText(
      `admin lifted the suspension of ${member.username}`,
    );
    expect(violations).toEqual([]);
  });
}

test("a moderator approves a post; the audit log says so in words", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const admin = await apiLogin(request, "admin");
  const before = await (await request.get("/api/admin/config", { headers: auth(admin) })).json();
  await request.put("/api/admin/config", { headers: auth(admin), data: { ...before, publishMode: "REVIEW" } });
  let post: { id: number; title: string };
  try {
    post = await apiCreatePost(request, alice, { title: unique("Needs a look") });
  } finally {
    await request.put("/api/admin/config", { headers: auth(admin), data: before });
  }
  const mod = await apiLogin(request, "moderator");
  expect((await request.post(`/api/admin/posts/${post.id}/approve`, { headers: auth(mod), data: {} })).status()).toBe(200);

  await signIn(page, "admin");
  await page.goto("/admin/audit?actor=moderator&action=post.approve");
  const line = page.getByTestId("audit-entry").first();
  await expect(line).toContainText(`moderator approved alice's post “${post.title}”`);
  await expect(line.getByRole("link", { name: `“${post.title}”` })).toHaveAttribute("href", `/posts/${post.id}`);
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
