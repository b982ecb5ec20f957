import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiCreatePost, apiLogin, firstCategory, unique } from "./pages/api";
import { signIn } from "./pages/session";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Issue 58, what a new member sees: the sign-up form has no visible or announced honeypot and still
 * signs a person in (it waits out the minimum fill time); a comment with three links is refused with
 * the limit and when it lifts, in words, at 1280 and 390 px, light and dark.
 */
const SHOTS = "test-results/screens-58";
mkdirSync(SHOTS, { recursive: true });

async function aPost(request: APIRequestContext) {
  const token = await apiLogin(request, "alice");
  return apiCreatePost(request, token, {
    title: unique("Tea recommendations"),
    content: "Which tea do you like?",
    categoryId: (await firstCategory(request)).id,
  });
}

test("signing up through the form: the honeypot is out of sight and out of the accessibility tree", async ({ page }) => {
  const username = `nm_${Date.now().toString(36)}`;
  await page.goto("/register");
  // Not a control anyone can see or reach: hidden from screen readers, off screen, not in the tab order.
  await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width < 0).toBe(true);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.test`);
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 20_000 });
  await expect(page.getByRole("link", { name: `Your profile (${username})` })).toBeVisible();
});

for (const vp of WIDTHS) {
  test(`a new member's comment with three links is refused, naming the limit and when it lifts (${vp.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const username = `nl_${Date.now().toString(36)}${vp.width}`;
    const res = await request.post("/api/auth/register", {
      data: { username, email: `${username}@example.test`, password: "demo-password" },
    });
    expect(res.status(), await res.text()).toBe(201);
    const post = await aPost(request);
    await signIn(page, username);
    await page.goto(`/posts/${post.id}`);
    const box = page.getByLabel("Write a comment");
    await box.fill("Try these: https://one.example/a https://two.example/b https://three.example/c");
    await page.getByRole("button", { name: "Post comment" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "at most 2 links" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("level 1");
    await expect(box).toHaveValue(/three\.example/);
    await shootLightAndDark(page, SHOTS, `newcomer-links-${vp.name}`, { at: refusal });
    // Two links are fine.
    await box.fill("Try these: https://one.example/a https://two.example/b");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(box).toHaveValue("");
    await expect(page.getByTestId("comment").filter({ hasText: "two.example" })).toBeVisible();
  });
}
