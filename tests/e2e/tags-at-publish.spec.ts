import { expect, test, type APIRequestContext } from "@playwright/test";
import { signIn } from "./pages/session";

/** a tag typed in the editor exists only once the post is published, and only members allowed to may add one. */

const exists = async (request: APIRequestContext, name: string) =>
  ((await (await request.get(`/api/tags?keyword=${encodeURIComponent(name)}`)).json()) as { name: string }[]).some((t) => t.name === name);

test("a new tag waits in the editor: an abandoned draft leaves nothing, publishing creates it", async ({ page, request }) => {
  const name = `darkroom-${Date.now().toString(36)}`;
  await signIn(page, "alice");
  await page.goto("/new");
  const tagBox = page.getByLabel("Tags", { exact: true });
  await tagBox.fill(name);
  await tagBox.press("Enter");
  const chip = page.getByTestId("selected-tags").locator("[data-new=true]");
  await expect(chip).toContainText(`#${name}`);
  await expect(chip).toContainText("new");
  expect(await exists(request, name)).toBe(false);

  // Abandon the draft: the tag was never created.
  await page.goto("/");
  expect(await exists(request, name)).toBe(false);

  await page.goto("/new");
  await page.getByLabel("Title", { exact: true }).fill(`Film developing at home ${name}`);
  await page.getByLabel("Content", { exact: true }).fill("Caffenol works better than I expected.");
  // The draft may hold a category already; a category is always the member's choice.
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  // The restored draft may still hold the tag; add it if not.
  if (!(await page.getByTestId("selected-tags").getByText(`#${name}`).count())) {
    await tagBox.fill(name);
    await tagBox.press("Enter");
  }
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL(/\/posts\/\d+$/);
  await expect(page.getByRole("link", { name: `#${name}` }).first()).toBeVisible();
  expect(await exists(request, name)).toBe(true);
});

test("a brand-new member picks existing tags only", async ({ page, request }) => {
  const username = `newbie_${Date.now().toString(36)}`;
  const reg = await request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: "newbie-password-1" },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await signIn(page, username, "newbie-password-1");
  await page.goto("/new");
  const tagBox = page.getByLabel("Tags", { exact: true });
  await expect(tagBox).toHaveAttribute("placeholder", "Search tags");
  const name = `nothing-like-this-${Date.now().toString(36)}`;
  await tagBox.fill(name);
  await expect(page.getByText(`No tag is called “${name}”. You can pick existing tags only.`)).toBeVisible();
  await expect(page.getByRole("button", { name: /Create tag/ })).toHaveCount(0);
  await tagBox.press("Enter");
  await expect(page.locator("#post-tagIds-error")).toHaveText("You can pick existing tags only");
  await expect(page.getByTestId("selected-tags").locator("[data-new=true]")).toHaveCount(0);
});
