import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, DEMO_PASSWORD } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * Deleting an account, clicked through (issue 60): a member deletes it from Settings → Account, once
 * keeping their posts and once removing them. After it: the old profile is gone, a kept post shows a
 * deleted member as its author, a removed post is gone, the old name is in no mention suggestion and no
 * member search, and the old password signs in no more.
 */

async function register(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await request.post("/api/auth/register", { data: { username, email: `${username}@example.test`, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

async function deleteFromSettings(page: Page, content: "keep" | "remove") {
  await page.goto("/settings/account");
  const form = page.locator("[aria-labelledby=delete-account-heading]");
  await form.getByRole("radio", { name: content === "keep" ? /Keep them/ : /Remove them/ }).check();
  await form.getByLabel("Password").fill("a wrong password");
  await form.getByRole("button", { name: "Delete my account" }).click();
  // A wrong password is refused in place, and nothing is deleted.
  await expect(form.getByText("Wrong password")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/account/);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

for (const content of ["keep", "remove"] as const) {
  test(`a member deletes their account, ${content === "keep" ? "keeping" : "removing"} their posts: the name is gone everywhere`, async ({
    page,
    request,
  }) => {
    const username = await register(request, content === "keep" ? "delk" : "delr");
    const token = await apiLogin(request, username);
    const word = `quokka${Date.now().toString(36)}`;
    const post = await apiCreatePost(request, token, { title: `A post about ${word}`, content: `Words about ${word}.` });
    const viewer = await apiLogin(request, "bob");
    const suggest = async () =>
      (await (
        await request.get(`/api/users/suggest?prefix=${username.slice(0, 8)}`, { headers: { authorization: `Bearer ${viewer}` } })
      ).json()) as {
        username: string;
      }[];
    // Before: the checks below can fail.
    expect((await suggest()).map((u) => u.username)).toContain(username);
    expect((await request.get(`/u/${username}`)).status()).toBe(200);

    await signIn(page, username);
    await deleteFromSettings(page, content);

    // Signed out everywhere: the header offers Sign in again, and the old token stops.
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    expect((await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    // The old profile is gone, and the name is in no suggestion or member search.
    expect((await page.goto(`/u/${username}`))!.status()).toBe(404);
    expect((await suggest()).map((u) => u.username)).not.toContain(username);
    const people = await request.get(`/api/search/users?keyword=${username}`, { headers: { authorization: `Bearer ${viewer}` } });
    expect(JSON.stringify(await people.json())).not.toContain(username);

    const res = await page.goto(`/posts/${post.id}`);
    if (content === "keep") {
      // The post stays, under a deleted member's name, never the old one.
      expect(res!.status()).toBe(200);
      await expect(page.getByRole("heading", { name: `A post about ${word}` })).toBeVisible();
      await expect(page.getByTestId("post-author")).toHaveText("deleted member");
      await expect(page.locator("body")).not.toContainText(/deleted-\d+/);
      await expect(page.locator("body")).not.toContainText(username);
    } else {
      expect(res!.status()).toBe(404);
    }

    // The old password signs in no more.
    await page.goto("/login");
    await page.getByLabel("Username or email").fill(username);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("alert").first()).toBeVisible();
  });
}
