import { expect, test } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { CommentComposer } from "./pages/composer";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/** admin pages (users, suspension, audit log) and slow mode, clicked through like a person. */

async function newMember(request: Parameters<typeof apiLogin>[0]) {
  const username = `member_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = "member-password-123";
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  return { username, password, token: ((await reg.json()) as { token: string }).token };
}

test("the admin pages are the 404 page for anyone but an admin", async ({ page }) => {
  await signIn(page, "moderator");
  for (const path of ["/admin/users", "/admin/audit"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test("an admin suspends a member: the member can still read, their next comment is refused, the audit log says so", async ({
  page,
  browser,
  request,
}) => {
  const member = await newMember(request);
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Read me while suspended") });

  await signIn(page, "admin");
  await page.goto(`/admin/users?q=${member.username}`);
  const row = page.getByTestId("admin-user").filter({ hasText: member.username });
  await expect(row).toHaveCount(1);
  // The member's admin page: reason, length, then the inline confirmation.
  await row.getByRole("link", { name: member.username }).click();
  await page.waitForURL(/\/admin\/users\/\d+$/);
  const memberPage = new URL(page.url()).pathname;
  const form = page.getByRole("form", { name: `Suspend ${member.username}` });
  await form.getByLabel("Reason (the member sees it)").fill("Cooling off after a heated thread");
  await form.getByRole("button", { name: "Suspend…" }).click();
  await form.getByTestId("confirm").getByRole("button", { name: "Suspend for 1 week" }).click();
  await expect(page.getByText(/Suspended until/).first()).toBeVisible();

  // The member, in their own browser: reading works; the notice says until when and why, and there is
  // no comment box while it lasts (tests/e2e/notices.spec.ts covers the rest).
  const ctx = await browser.newContext();
  const mp = await ctx.newPage();
  await signIn(mp, member.username, member.password);
  await new PostPage(mp).goto(post.id);
  await expect(mp.getByRole("region", { name: /Your account is suspended until/ })).toContainText("Cooling off after a heated thread");
  await expect(mp.getByLabel("Write a comment")).toHaveCount(0);
  // By token too.
  const byToken = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { content: "and by token?" },
  });
  expect(byToken.status()).toBe(403);
  expect((await byToken.json()).code).toBe("suspended");

  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByTestId("audit-entry").first()).toContainText(`admin suspended ${member.username} until`);
  await expect(page.getByTestId("audit-entry").first()).toContainText("Cooling off after a heated thread");

  // Lifted: the next comment goes through.
  await page.goto(memberPage);
  await page.getByRole("button", { name: "Lift suspension…" }).click();
  await page.getByTestId("confirm").getByRole("button", { name: "Lift the suspension" }).click();
  await expect(page.getByText(/Suspended until/)).toHaveCount(0);
  await new PostPage(mp).goto(post.id);
  await new CommentComposer(mp).box.fill("Can I still talk?");
  await mp.getByRole("button", { name: "Post comment" }).click();
  await expect(mp.getByTestId("comment").filter({ hasText: "Can I still talk?" })).toBeVisible();
  await ctx.close();
});

test("a moderator sets slow mode on a post and a member's second quick comment is refused with the wait", async ({
  page,
  browser,
  request,
}) => {
  const member = await newMember(request);
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Heated thread") });
  await signIn(page, "moderator");
  await new PostPage(page).goto(post.id);
  await page.getByLabel("Slow mode").selectOption({ label: "1 minute" });
  await expect(page.getByTestId("slow-mode")).toContainText("members wait 1 minute between comments");

  const ctx = await browser.newContext();
  const mp = await ctx.newPage();
  await signIn(mp, member.username, member.password);
  const pp = new PostPage(mp);
  await pp.goto(post.id);
  await expect(mp.getByTestId("slow-mode")).toContainText("1 minute");
  await pp.comment("First thought");
  const c = new CommentComposer(mp);
  await c.box.fill("Second thought right away");
  await mp.getByRole("button", { name: "Post comment" }).click();
  await expect(mp.getByRole("alert").filter({ hasText: /Slow mode: one comment every 60 s/ })).toBeVisible();
  await ctx.close();
});

test("an author edits a comment in place; it says edited, and its history shows the diff", async ({ page, request }) => {
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Typos happen") });
  await signIn(page, "bob");
  const pp = new PostPage(page);
  await pp.goto(post.id);
  await pp.comment("I recieve this every week");
  // Held by its id: while it is edited, the comment shows a form instead of its text.
  const domId = await page.getByTestId("comment").filter({ hasText: "I recieve this every week" }).getAttribute("id");
  const item = page.locator(`[id="${domId}"]`);
  await item.getByRole("button", { name: "Edit" }).click();
  const box = item.getByLabel("Edit the comment");
  await expect(box).toHaveValue("I recieve this every week");
  await box.fill("I receive this every week");
  await item.getByRole("button", { name: "Save edit" }).click();
  const edited = page.getByTestId("comment").filter({ hasText: "I receive this every week" });
  await expect(edited.getByTestId("comment-edited")).toHaveText("edited");
  await edited.getByTestId("comment-edited").click();
  await page.waitForURL(/\/comments\/\d+\/history$/);
  const entry = page.getByTestId("comment-edit").first();
  await expect(entry).toContainText("bob");
  await expect(entry.locator("del")).toContainText("recieve");
  await expect(entry.locator("ins")).toContainText("receive");
});
