import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";
import { WIDTHS, shootLightAndDark } from "./pages/shots";

/**
 * a suspended member is told on every page (until when, in words, and why)
 * and has no write controls meanwhile; the author of a post waiting for review or rejected is told
 * what is going on, on the post and in their profile, and a rejected post is read-only. At 1280 and
 * 390 px, axe in both themes, screenshots in test-results/shots-notices/.
 */

const SHOTS = "test-results/shots-notices";

async function newMember(request: APIRequestContext) {
  const username = `m_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = "member-password-123";
  const reg = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const body = (await reg.json()) as { token: string; user?: { id: number }; id?: number };
  const me = await request.get("/api/users/me", { headers: { Authorization: `Bearer ${body.token}` } });
  return { username, password, token: body.token, id: ((await me.json()) as { id: number }).id };
}

const shoot = (page: Page, name: string, at?: Locator) => shootLightAndDark(page, SHOTS, name, { at });

test("a suspended member sees why and until when on every page, and no write controls", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const member = await newMember(request);
  const post = await apiCreatePost(request, await apiLogin(request, "alice"), { title: unique("Read while suspended") });
  const suspended = await request.post(`/api/admin/users/${member.id}/suspend`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { days: 7, reason: "Spam links in three threads" },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);

  await signIn(page, member.username, member.password);
  const found: string[] = [];
  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });

    // Home: a page every member shares (served from the page cache); the notice comes from page-state.
    await page.goto("/");
    const notice = page.getByRole("region", { name: /Your account is suspended until/ });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/until \d{1,2} [A-Z][a-z]+ \d{4} \(in 7 days\)/);
    await expect(notice).toContainText("Reason: Spam links in three threads");
    await expect(notice).not.toContainText(/\d{4}-\d\d-\d\dT/);
    await expect(page.getByRole("link", { name: "New post" })).toHaveCount(0);
    await shoot(page, `suspended-home-${v.name}`);
    found.push(...(await axeLightAndDark(page, `suspended home ${v.name}`)));

    // A post: no comment box (an explanation instead), no reactions, replies, subscribe or flag.
    const pp = new PostPage(page);
    await pp.goto(post.id);
    await expect(notice).toBeVisible();
    await expect(page.getByTestId("suspended-hint")).toContainText(
      "Your account is suspended, so you cannot comment, reply or react until",
    );
    await expect(page.getByLabel("Write a comment")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Post comment" })).toHaveCount(0);
    await expect(pp.postReactions().getByRole("button", { name: "React" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Subscribe/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reply" })).toHaveCount(0);
    await shoot(page, `suspended-post-${v.name}`);
    found.push(...(await axeLightAndDark(page, `suspended post ${v.name}`)));
  }

  // A page rendered for the member alone (the composer) says so too, and offers no editor.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/new");
  await expect(page.getByRole("region", { name: /Your account is suspended until/ })).toBeVisible();
  await expect(page.getByTestId("suspended-hint")).toContainText("so you cannot start a post");
  await expect(page.getByLabel("Title")).toHaveCount(0);

  // Lifted: the notice goes and the comment box is back.
  const lifted = await request.post(`/api/admin/users/${member.id}/unsuspend`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(lifted.status(), await lifted.text()).toBe(200);
  await new PostPage(page).goto(post.id);
  await expect(page.getByLabel("Write a comment")).toBeVisible();
  await expect(page.getByRole("region", { name: /Your account is suspended/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New post" })).toBeVisible();
  expect(found).toEqual([]);
});

test("the author of a post waiting for review, then rejected, is told why on the post and in their profile", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin");
  const mod = await apiLogin(request, "moderator");
  const author = await newMember(request);
  const review = await request.put("/api/admin/config", { headers: { Authorization: `Bearer ${admin}` }, data: { publishMode: "REVIEW" } });
  expect(review.status(), await review.text()).toBe(200);
  let post: { id: number; title: string };
  try {
    post = await apiCreatePost(request, author.token, { title: unique("Numbers without a source") });
  } finally {
    await request.put("/api/admin/config", { headers: { Authorization: `Bearer ${admin}` }, data: { publishMode: "DIRECT" } });
  }

  await signIn(page, author.username, author.password);
  const found: string[] = [];
  const status = page.getByTestId("post-status-notice");
  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await new PostPage(page).goto(post.id);
    await expect(status).toHaveAttribute("data-status", "PENDING");
    await expect(status.getByRole("heading")).toHaveText("Waiting for a moderator — others cannot see it yet");
    await shoot(page, `pending-post-${v.name}`);
    found.push(...(await axeLightAndDark(page, `pending post ${v.name}`)));

    await page.goto(`/u/${author.username}`);
    const card = page.getByTestId("post-card").filter({ hasText: post.title });
    await expect(card).toContainText("Pending review");
    await expect(card.getByTestId("post-card-status")).toHaveText("Waiting for a moderator — others cannot see it yet.");
  }
  // Nobody else sees it in the profile.
  const asAnon = await request.get(`/api/users/${author.id}/posts`);
  expect(((await asAnon.json()) as { id: number }[]).map((p) => p.id)).not.toContain(post.id);

  const rejected = await request.post(`/api/admin/posts/${post.id}/reject`, {
    headers: { Authorization: `Bearer ${mod}` },
    data: { reason: "Please add a source for the numbers." },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  for (const v of WIDTHS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    const pp = new PostPage(page);
    await pp.goto(post.id);
    await expect(status).toHaveAttribute("data-status", "REJECTED");
    await expect(status.getByRole("heading")).toHaveText("Rejected by a moderator: Please add a source for the numbers.");
    await expect(page.getByTestId("comments-read-only")).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toHaveCount(0);
    await expect(pp.postReactions().getByRole("button", { name: "React" })).toHaveCount(0);
    const actions = page.getByRole("group", { name: "Post actions" });
    await expect(actions.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(actions.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expect(actions.getByRole("button", { name: "Delete" })).toBeVisible();
    await shoot(page, `rejected-post-${v.name}`);
    found.push(...(await axeLightAndDark(page, `rejected post ${v.name}`)));

    await page.goto(`/u/${author.username}`);
    const card = page.getByTestId("post-card").filter({ hasText: post.title });
    await expect(card).toContainText("Rejected");
    await expect(card.getByTestId("post-card-status")).toHaveText("Rejected by a moderator: Please add a source for the numbers.");
    await shoot(page, `rejected-profile-${v.name}`, card);
    found.push(...(await axeLightAndDark(page, `own profile ${v.name}`)));
  }
  // The edit page refuses too, in words.
  await page.goto(`/posts/${post.id}/edit`);
  await expect(page.getByText("A moderator rejected it, so it is read-only.")).toBeVisible();
  expect(found).toEqual([]);
});
