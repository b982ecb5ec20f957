import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * In the browser. Item 6: a moderator's close and comment pin on a member's post are the
 * moderator's; the author is offered neither "Reopen" nor "Unpin" (and the API refuses them), until staff
 * reopen it. Item 8: "Suspend …" from a flag starts with an empty reason; the flagger's private note never
 * reaches the suspended member's banner. Item 13: the queue says what is flagged and counts it.
 */

test.describe.configure({ timeout: 180_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function newMember(request: APIRequestContext) {
  const username = `newbie_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = "member-password-123";
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  return { username, password, token: ((await reg.json()) as { token: string }).token };
}

test("a moderator closes a member's post and pins a comment on it: the author can undo neither", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const bob = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, alice, { title: unique("Closed by staff") });
  const text = unique("The answer, pinned by a moderator");
  const c = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(bob), data: { content: text } });
  expect(c.status(), await c.text()).toBe(201);

  await signIn(page, "moderator");
  await page.goto(`/posts/${post.id}`);
  const actions = page.getByRole("group", { name: "Post actions" });
  const comment = page.getByTestId("comment").filter({ hasText: text });
  await comment.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(comment.getByRole("button", { name: "Unpin", exact: true })).toBeVisible();
  await actions.getByRole("button", { name: "Close", exact: true }).click();
  await expect(actions.getByRole("button", { name: "Reopen", exact: true })).toBeVisible();

  // The author: the post is closed by a moderator, and nothing offers to undo it.
  await page.context().clearCookies();
  await signIn(page, "alice");
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByTestId("comments-closed")).toContainText("A moderator closed this post to new comments.");
  await expect(actions.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Reopen", exact: true })).toHaveCount(0);
  await expect(comment).toContainText("Pinned");
  await expect(comment.getByRole("button", { name: /^(Unpin|Pin)$/ })).toHaveCount(0);
  await page.screenshot({ path: "test-results/moderation-closed-by-staff.png", fullPage: true });
  // Nor does the API, with a code a client can act on.
  for (const path of [`/api/posts/${post.id}/reopen`, `/api/comments/${(await c.json()).id}/unpin`]) {
    const r = await request.post(path, { headers: auth(alice) });
    expect(r.status(), path).toBe(403);
    expect((await r.json()).code).toBe("staff_decision");
  }

  // The moderator reopens it; the author may comment again, and close and reopen it herself.
  await page.context().clearCookies();
  await signIn(page, "moderator");
  await page.goto(`/posts/${post.id}`);
  await actions.getByRole("button", { name: "Reopen", exact: true }).click();
  await expect(actions.getByRole("button", { name: "Close", exact: true })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, "alice");
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByTestId("comments-closed")).toHaveCount(0);
  await actions.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("comments-closed")).toContainText("This post is closed to new comments.");
  await actions.getByRole("button", { name: "Reopen", exact: true }).click();
  await expect(page.getByTestId("comments-closed")).toHaveCount(0);
});

test("suspending from a flag: the reason starts empty, and the flagger's note never reaches the member", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const carol = await apiLogin(request, "carol");
  const member = await newMember(request);
  const post = await apiCreatePost(request, alice, { title: unique("Neighbours") });
  const c = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(member.token), data: { content: unique("Rude words") } });
  expect(c.status(), await c.text()).toBe(201);
  const note = "I know her, she lives at 12 Elm Street";
  const f = await request.post("/api/flags", {
    headers: auth(carol),
    data: { commentId: (await c.json()).id, reason: "INAPPROPRIATE", note },
  });
  expect(f.status(), await f.text()).toBe(201);

  await signIn(page, "moderator");
  await page.goto("/review");
  await expect(page.getByTestId("review-waiting")).toContainText(/flagged post or comment|flagged posts and comments/);
  const target = page.getByTestId("flag-target").filter({ hasText: post.title });
  // What is flagged: the member's comment on alice's post (not "‹title› by member").
  await expect(target.getByTestId("flag-what")).toHaveText(`comment by ${member.username} on “${post.title}”`);
  await expect(target).toContainText(note); // staff read the note
  await target.getByTestId("suspend-author").click();
  const form = target.getByRole("form", { name: `Suspend ${member.username}` });
  const reason = form.getByLabel("Reason (the member sees it)");
  await expect(reason).toHaveValue("");
  await form.getByTestId("reason-template").click();
  const words = `Inappropriate: your comment on “${post.title}”`;
  await expect(reason).toHaveValue(words);
  await page.screenshot({ path: "test-results/moderation-suspend-from-flag.png", fullPage: true });
  await form.getByRole("button", { name: "Suspend…" }).click();
  await form.getByTestId("confirm").getByRole("button", { name: "Suspend for 1 week" }).click();
  await expect(target.getByTestId("author-suspended")).toContainText(`${member.username} is suspended until`);

  // The member reads the staff's reason, not the flagger's note.
  await page.context().clearCookies();
  await signIn(page, member.username, member.password);
  await expect(page.getByTestId("suspension-notice")).toBeVisible();
  await expect(page.getByTestId("suspension-reason")).toHaveText(`Reason: ${words}`);
  await expect(page.getByText(note)).toHaveCount(0);
  const me = await (await request.get("/api/users/me", { headers: auth(member.token) })).text();
  expect(me).not.toContain("Elm Street");
});
