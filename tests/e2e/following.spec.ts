import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/**
 * Following members and blocking them, clicked through as a person would: follow from a
 * profile (mouse and keyboard), the followed member's new post in the home page's Following tab and in
 * the author card, then the privacy settings: who may message me, and blocking a member by name.
 */

const SHOTS = "test-results/shots-follow";
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    // The colours change with a transition: shoot once it has finished.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      ),
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** A radio choice; a click before the form has hydrated is undone by React, so it is tried until it holds. */
async function choose(page: Page, label: string) {
  await expect(async () => {
    await page.getByLabel(label).check({ timeout: 1000 });
    await expect(page.getByLabel(label)).toBeChecked({ timeout: 1000 });
  }).toPass();
}

/** Starts from "ivan follows nobody we use, blocks nobody, anyone may message him" whatever ran before. */
async function reset(request: APIRequestContext) {
  const token = await apiLogin(request, "ivan");
  const headers = { authorization: `Bearer ${token}` };
  for (const name of ["heidi", "grace"]) {
    await request.delete(`/api/subscriptions/users/${name}`, { headers });
    await request.delete(`/api/users/${name}/block`, { headers });
  }
  await request.put("/api/users/me/privacy", { headers, data: { messagePolicy: "EVERYONE" } });
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("follow from a profile, then see the member's new post in the Following tab", async ({ page, request }) => {
      await reset(request);
      const heidi = await apiLogin(request, "heidi");
      await signIn(page, "ivan");

      await page.goto("/u/heidi");
      const follow = page.getByRole("button", { name: "Follow heidi" });
      await expect(follow).toHaveAttribute("aria-pressed", "false");
      const before = Number((await page.getByTestId("follower-count").locator("strong").textContent()) ?? "0");
      await follow.click();
      const following = page.getByRole("button", { name: "Following heidi" });
      await expect(following).toHaveAttribute("aria-pressed", "true");
      // The profile is rendered again: its follower count follows.
      await expect(page.getByTestId("follower-count").locator("strong")).toHaveText(String(before + 1));

      // Keyboard: the same button toggles with Space and Enter, and keeps the focus while it saves.
      await following.focus();
      await page.keyboard.press("Space");
      const unfollowed = page.getByRole("button", { name: "Follow heidi" });
      await expect(unfollowed).toHaveAttribute("aria-pressed", "false");
      await expect(unfollowed).toBeFocused();
      await expect(unfollowed).not.toHaveAttribute("aria-busy", "true");
      await expect(page.getByTestId("follower-count").locator("strong")).toHaveText(String(before));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Following heidi" })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: "Following heidi" })).toBeFocused();
      await expect(page.getByTestId("follower-count").locator("strong")).toHaveText(String(before + 1));

      // The Followers tab lists ivan.
      await page.getByTestId("follower-count").click();
      await page.waitForURL("**/u/heidi?tab=followers");
      await expect(page.getByTestId("person-row").filter({ hasText: "ivan" })).toBeVisible();
      expect(await axeLightAndDark(page, `profile followers ${vp.name}`)).toEqual([]);
      await page.goto("/u/heidi");
      await expect(page.getByRole("button", { name: "Following heidi" })).toBeVisible();
      await shots(page, `profile-${vp.name}`);

      // heidi posts; her follower finds it in the Following tab of the home page.
      const post = await apiCreatePost(request, heidi, { title: unique("Heidi for her followers") });
      await page.goto("/");
      await page.getByRole("navigation", { name: "Post order" }).getByRole("link", { name: "Following" }).click();
      await page.waitForURL("**/?tab=following");
      const list = page.getByTestId("following-list");
      await expect(list.getByTestId("post-card").filter({ hasText: post.title })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Post order" }).getByRole("link", { name: "Following" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      expect(await axeLightAndDark(page, `following tab ${vp.name}`)).toEqual([]);
      await shots(page, `following-tab-${vp.name}`);

      // And in the notifications: "heidi published a post" (FOLLOWED_POST).
      const notes = await request.get("/api/notifications", { headers: { authorization: `Bearer ${await apiLogin(request, "ivan")}` } });
      const items = (await notes.json()) as { type: string; post?: { id: number } | null }[];
      expect(items.some((n) => n.type === "FOLLOWED_POST" && n.post?.id === post.id)).toBe(true);

      if (vp.name === "desktop") {
        // The author card beside heidi's name holds the same button, reachable from the name with Tab.
        const author = list.getByTestId("post-card").filter({ hasText: post.title }).getByRole("link", { name: "heidi", exact: true });
        await author.focus();
        const card = page.getByTestId("user-card");
        await expect(card).toBeVisible();
        await expect(card.getByRole("button", { name: "Following heidi" })).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(card.getByRole("button", { name: "Following heidi" })).toBeFocused();
        // Not clipped by its row: the button takes a click where it is drawn.
        await card.getByRole("button", { name: "Following heidi" }).click({ trial: true });
        await shots(page, "author-card-desktop");
        await page.keyboard.press("Escape");
      }

      // Signed out, the tab asks to sign in instead of listing anything.
      await page.context().clearCookies();
      await page.goto("/?tab=following");
      await expect(page.getByTestId("following-signed-out")).toBeVisible();
    });

    test("choose who may message me and block a member from the privacy settings", async ({ page, request }) => {
      await reset(request);
      await signIn(page, "ivan");
      await page.goto("/settings/privacy");
      await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Privacy" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByLabel("Everyone")).toBeChecked();
      await choose(page, "People I follow");
      await expect(page.getByTestId("message-policy")).toContainText("Saved.");

      // Blocking by name: an unknown name is an error beside the field; a real one joins the list.
      await page.getByLabel("Username").fill("nobody-by-this-name");
      await page.getByRole("button", { name: "Block", exact: true }).click();
      await expect(page.locator("#block-username-error")).toContainText("User not found");
      await page.getByLabel("Username").fill("grace");
      await page.getByRole("button", { name: "Block", exact: true }).click();
      await expect(page.getByTestId("block-status")).toHaveText("grace is blocked.");
      await expect(page.getByTestId("blocked-list").getByRole("link", { name: "grace" })).toBeVisible();
      expect(await axeLightAndDark(page, `privacy ${vp.name}`)).toEqual([]);
      await shots(page, `privacy-${vp.name}`);

      // Reloaded, both choices are kept.
      await page.reload();
      await expect(page.getByLabel("People I follow")).toBeChecked();
      await expect(page.getByTestId("blocked-list").getByRole("link", { name: "grace" })).toBeVisible();

      // grace's profile shows her as blocked instead of a follow button.
      await page.goto("/u/grace");
      await expect(page.getByTestId("blocked-badge")).toBeVisible();
      await expect(page.getByRole("button", { name: "Unblock grace" })).toHaveAttribute("aria-pressed", "true");
      await shots(page, `profile-blocked-${vp.name}`);

      // grace cannot follow ivan now.
      const grace = await apiLogin(request, "grace");
      const refused = await request.post("/api/subscriptions/users/ivan", { headers: { authorization: `Bearer ${grace}` } });
      expect(refused.status()).toBe(403);

      // Unblocked from the list, the list is empty again.
      await page.goto("/settings/privacy");
      await page.getByRole("button", { name: "Unblock grace" }).click();
      await expect(page.getByTestId("blocked-empty")).toBeVisible();
      await choose(page, "Everyone");
      await expect(page.getByTestId("message-policy")).toContainText("Saved.");
    });
  });
}
