import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/** In the browser: the review queue, flags, and a staff restore the author is told about. */

test.describe.configure({ timeout: 150_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Runs `fn` with the site in publish mode REVIEW, and puts the old mode back afterwards. */
async function inReviewMode<T>(request: APIRequestContext, fn: () => Promise<T>): Promise<T> {
  const admin = await apiLogin(request, "admin");
  const before = await (await request.get("/api/admin/config", { headers: auth(admin) })).json();
  const set = await request.put("/api/admin/config", { headers: auth(admin), data: { ...before, publishMode: "REVIEW" } });
  expect(set.status(), await set.text()).toBe(200);
  try {
    return await fn();
  } finally {
    await request.put("/api/admin/config", { headers: auth(admin), data: before });
  }
}

async function postStatus(request: APIRequestContext, token: string, id: number): Promise<string> {
  const res = await request.get(`/api/posts/${id}`, { headers: auth(token) });
  return res.status() === 200 ? (await res.json()).status : `HTTP ${res.status()}`;
}

async function reviewedNotes(request: APIRequestContext, token: string, postId: number) {
  const list = await (await request.get("/api/notifications?pageSize=50", { headers: auth(token) })).json();
  return (list as { type: string; post: { id: number } | null; approved: boolean | null; content: string | null }[]).filter(
    (n) => n.type === "POST_REVIEWED" && n.post?.id === postId,
  );
}

test("a moderator approves and rejects, from the review queue and from the post page", async ({ page, request }) => {
  const alice = await apiLogin(request, "alice");
  const [queueOk, queueNo, pageOk, pageNo] = await inReviewMode(request, async () => {
    const made = [];
    for (const t of ["Queue approve", "Queue reject", "Page approve", "Page reject"])
      made.push(await apiCreatePost(request, alice, { title: unique(t) }));
    return made;
  });
  for (const p of [queueOk!, queueNo!, pageOk!, pageNo!]) expect(await postStatus(request, alice, p.id)).toBe("PENDING");

  await signIn(page, "moderator");
  await expect(page.getByRole("link", { name: /Review queue, \d+ waiting/ })).toBeVisible();
  await page.getByRole("link", { name: /Review queue/ }).click();
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();

  // From the queue: approve one; reject another with a reason the author receives.
  const row = (title: string) => page.getByTestId("pending-post").filter({ hasText: title });
  await expect(row(queueOk!.title)).toContainText("alice");
  await row(queueOk!.title).getByTestId("approve-post").click();
  await expect(row(queueOk!.title)).toHaveCount(0);
  await row(queueNo!.title).getByTestId("reject-post").click();
  await row(queueNo!.title).getByLabel("Reason (optional, sent to the author)").fill("Please search first: this was answered last week.");
  await row(queueNo!.title).getByTestId("confirm-reject").click();
  await expect(row(queueNo!.title)).toHaveCount(0);
  await page.screenshot({ path: "test-results/moderation-queue.png", fullPage: true });

  // From the post page itself.
  await page.goto(`/posts/${pageOk!.id}`);
  await page.getByTestId("review-panel").getByTestId("approve-post").click();
  await expect(page.getByTestId("review-panel")).toHaveCount(0);
  await page.goto(`/posts/${pageNo!.id}`);
  const panel = page.getByTestId("review-panel");
  await panel.getByTestId("reject-post").click();
  await panel.getByLabel("Reason (optional, sent to the author)").fill("Off-topic for this forum.");
  await panel.getByTestId("confirm-reject").click();
  await expect(page.getByTestId("review-panel")).toHaveCount(0);

  expect(await postStatus(request, alice, queueOk!.id)).toBe("PUBLISHED");
  expect(await postStatus(request, alice, pageOk!.id)).toBe("PUBLISHED");
  expect(await postStatus(request, alice, queueNo!.id)).toBe("REJECTED");
  expect(await postStatus(request, alice, pageNo!.id)).toBe("REJECTED");
  expect(await reviewedNotes(request, alice, queueOk!.id)).toMatchObject([{ approved: true }]);
  expect(await reviewedNotes(request, alice, queueNo!.id)).toMatchObject([
    { approved: false, content: "Please search first: this was answered last week." },
  ]);
  expect(await reviewedNotes(request, alice, pageNo!.id)).toMatchObject([{ approved: false, content: "Off-topic for this forum." }]);

  // The author reads the outcome in the inbox.
  await page.context().clearCookies();
  await signIn(page, "alice");
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: queueNo!.title })).toContainText("rejected your post");
});

async function flagAs(browser: Browser, user: string, postId: number, commentText: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, user);
  await page.goto(`/posts/${postId}`);
  const comment = page.getByTestId("comment").filter({ hasText: commentText }).first();
  await comment.getByTestId("flag-button").click();
  await comment.getByLabel("Spam").check();
  await comment.getByLabel("Note (optional)").fill(`${user} thinks this is an advert`);
  await comment.getByTestId("flag-submit").click();
  await expect(comment.getByTestId("flag-done")).toContainText("Flagged, thank you");
  await ctx.close();
}

test("members flag a comment; the third flag hides it until a moderator reviews it", async ({ browser, page, request }) => {
  const alice = await apiLogin(request, "alice");
  const bob = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, alice, { title: unique("Flag check") });
  const text = unique("Buy cheap watches at example dot com");
  const res = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(bob), data: { content: text } });
  expect(res.status(), await res.text()).toBe(201);

  await flagAs(browser, "carol", post.id, text);
  await flagAs(browser, "dave", post.id, text);
  // Two flags: still shown to everyone.
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByText(text)).toBeVisible();

  await flagAs(browser, "erin", post.id, text);
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.getByTestId("comment-hidden")).toContainText("Hidden until staff review it");

  // The moderator sees the three flags on the review page and dismisses them: the comment is back.
  await signIn(page, "moderator");
  await page.goto("/review");
  const target = page.getByTestId("flag-target").filter({ hasText: post.title });
  await expect(target).toContainText("3 flags");
  await expect(target).toContainText("hidden");
  await expect(target).toContainText("erin thinks this is an advert");
  await page.screenshot({ path: "test-results/moderation-flags.png", fullPage: true });
  await target.getByTestId("resolve-dismiss").click();
  await expect(page.getByTestId("flag-target").filter({ hasText: post.title })).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByText(text)).toBeVisible();

  // Each flagger is told the outcome.
  const carol = await apiLogin(request, "carol");
  const list = await (await request.get("/api/notifications?pageSize=50", { headers: auth(carol) })).json();
  expect((list as { type: string; post: { id: number } | null }[]).some((n) => n.type === "FLAG_RESOLVED" && n.post?.id === post.id)).toBe(
    true,
  );
});

test("a moderator restores version 0: title and content come back, the timeline says so, the author is told", async ({
  browser,
  page,
  request,
}) => {
  const alice = await apiLogin(request, "alice");
  const post = await apiCreatePost(request, alice, { title: unique("Restore check"), content: "The first text of the post." });
  const edited = `${post.title} (edited)`;
  const res = await request.put(`/api/posts/${post.id}`, {
    headers: auth(alice),
    data: { title: edited, content: "A rewrite that lost the point." },
  });
  expect(res.status(), await res.text()).toBe(200);

  await signIn(page, "moderator");
  await page.goto(`/posts/${post.id}/history`);
  const compare = page.getByTestId("history-compare");
  await compare.getByLabel("From version").selectOption("0");
  await compare.getByRole("button", { name: "Restore version 0" }).click();
  await expect(compare.getByRole("group", { name: "Confirm restore" })).toContainText(`Title “${post.title}”`);
  await compare.getByRole("button", { name: "Confirm restore" }).click();
  await expect(compare.getByRole("status")).toContainText("Restored version 0");
  const restored = page.getByTestId("history-entry").filter({ hasText: "Restored version 0" });
  await expect(restored).toHaveCount(2); // the title and the content entries
  await expect(restored.first()).toContainText("moderator");
  await page.screenshot({ path: "test-results/moderation-restored.png", fullPage: true });

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.getByTestId("post-content")).toContainText("The first text of the post.");
  await expect(page.getByTestId("staff-edited")).toBeVisible();

  // The author is told, and the notification opens the history.
  const ctx = await browser.newContext();
  const author = await ctx.newPage();
  await signIn(author, "alice");
  await author.goto("/notifications");
  const note = author.getByTestId("notification").filter({ hasText: "restored version 0 of your post" });
  await expect(note).toContainText("moderator");
  await note.getByRole("link", { name: /restored version 0 of your post/ }).click();
  await author.waitForURL(`**/posts/${post.id}/history`);
  await expect(author.getByTestId("history-entry").filter({ hasText: "Restored version 0" }).first()).toBeVisible();
  await ctx.close();
});
