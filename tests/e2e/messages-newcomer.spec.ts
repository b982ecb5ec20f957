import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { shootLightAndDark, WIDTHS } from "./pages/shots";

/**
 * Direct messages as a new member finds them: item 7, the level rule is for starting a
 * conversation, and the profile's Message button says so before the click, while bob's welcome can be
 * answered; item 11, the recipients of a new message are picked with suggestions as removable chips,
 * and a name that is no member's is refused before anything is sent. At 1280 and 390 px, light and dark.
 */

const SHOTS = "test-results/screens-54";
mkdirSync(SHOTS, { recursive: true });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A member registered just now (level 0: below the site's default message level, 1). */
async function newcomer(page: Page, request: APIRequestContext): Promise<{ username: string; id: number }> {
  const username = `new_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const res = await request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: "demo-password" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await (await request.get(`/api/users/${username}`)).json()) as { id: number };
  await signIn(page, username);
  return { username, id };
}

/** `a` accepts messages from `b` (whatever an earlier run left): no block, policy EVERYONE. */
async function open(request: APIRequestContext, a: string, b: string) {
  const headers = bearer(await apiLogin(request, a));
  await request.delete(`/api/users/${b}/block`, { headers });
  await request.put("/api/users/me/privacy", { headers, data: { messagePolicy: "EVERYONE" } });
}

for (const vp of WIDTHS) {
  test.describe(`at ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("item 7: a new member sees why she cannot start a conversation, and answers bob's welcome", async ({ page, request }) => {
      const admin = bearer(await apiLogin(request, "admin"));
      expect((await request.put("/api/admin/config", { headers: admin, data: { messageMinLevel: 1 } })).status()).toBe(200);
      await open(request, "grace", "bob");
      const me = await newcomer(page, request);

      // grace's profile: the button says before the click that it cannot be used, and why.
      await page.goto("/u/grace");
      const button = page.getByRole("button", { name: "Message grace" });
      await expect(button).toBeVisible();
      await expect(button).toBeDisabled();
      const why = /Members below level 1 may start conversations with staff only/;
      await expect(button).toHaveAccessibleDescription(why);
      await expect(page.getByTestId("message-refusal")).toBeVisible();
      await expect(page.getByTestId("message-refusal")).toHaveText(why);
      // Still in the tab order, so a keyboard or screen reader user meets the explanation too.
      await button.focus();
      await expect(button).toBeFocused();
      await button.press("Enter");
      await button.click({ force: true });
      await expect(page).toHaveURL(/\/u\/grace$/);
      // The pointer and the focus away: the screenshots show the button at rest.
      await page.mouse.move(0, 0);
      await button.blur();
      expect(await axeLightAndDark(page, `profile message refusal ${vp.name}`)).toEqual([]);
      await shootLightAndDark(page, SHOTS, `7-profile-message-${vp.name}`, { at: button });

      // Staff may always be written to: the moderator's button works.
      await page.goto("/u/moderator");
      await expect(page.getByRole("button", { name: "Message moderator" })).toBeEnabled();
      await expect(page.getByTestId("message-refusal")).toHaveCount(0);

      // bob welcomes her; she answers from her messages, and the answer is taken.
      const welcome = unique("Welcome to the forum!");
      const sent = await request.post("/api/messages", {
        headers: bearer(await apiLogin(request, "bob")),
        data: { recipientId: me.id, content: welcome },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const { conversationId } = (await sent.json()) as { conversationId: number };
      await page.goto("/messages");
      await page.getByTestId("conversation-item").filter({ hasText: welcome }).click();
      await page.waitForURL(`**/messages/${conversationId}`);
      await expect(page.getByTestId("message-log").getByText(welcome)).toBeVisible();
      const answer = unique("Thank you, bob!");
      await page.getByRole("textbox", { name: "Your message", exact: true }).fill(answer);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByTestId("message-log").getByText(answer)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: /level/ })).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("message-log").getByText(answer)).toHaveCount(1);

      // bob's profile: his Message button opens that conversation.
      await page.goto("/u/bob");
      const toBob = page.getByRole("button", { name: "Message bob" });
      await expect(toBob).toBeEnabled();
      await expect(page.getByTestId("message-refusal")).toHaveCount(0);
      await toBob.click();
      await page.waitForURL(`**/messages/${conversationId}`);
    });

    test("item 11: recipients are suggested as one types, shown as chips, and unknown names are refused before Send", async ({
      page,
      request,
    }) => {
      for (const other of ["heidi", "grace", "frank"]) await open(request, other, "ivan");
      await signIn(page, "ivan");
      await page.goto("/messages");
      await page.getByRole("button", { name: "New message" }).click();
      const to = page.getByRole("combobox", { name: "To (one member, or several for a group)" });
      await expect(to).toBeFocused();
      const suggestions = page.getByRole("listbox", { name: "Members" });
      const chips = page.getByTestId("recipient-chip");

      // Suggestions as one types; Enter picks the highlighted one.
      await to.pressSequentially("hei");
      await expect(suggestions.getByRole("option", { name: "heidi" })).toBeVisible();
      await expect(to).toHaveAttribute("aria-expanded", "true");
      await to.press("Enter");
      await expect(chips).toHaveText(["heidi"]);
      await expect(to).toHaveValue("");
      await expect(suggestions).toBeHidden();

      // A second one by clicking; a group gets its name field.
      await to.pressSequentially("gra");
      await suggestions.getByRole("option", { name: "grace" }).click();
      await expect(chips).toHaveText(["heidi", "grace"]);
      await expect(page.getByRole("textbox", { name: "Group name (optional)" })).toBeVisible();

      // The list open on a third name, for the screenshots.
      await to.pressSequentially("fr");
      await expect(suggestions.getByRole("option", { name: "frank" })).toBeVisible();
      await page.mouse.move(0, 0);
      expect(await axeLightAndDark(page, `recipient chips ${vp.name}`)).toEqual([]);
      await shootLightAndDark(page, SHOTS, `11-recipients-${vp.name}`, { at: to });
      // Escape closes the list and leaves the text.
      await to.press("Escape");
      await expect(suggestions).toBeHidden();
      await expect(to).toHaveValue("fr");
      await to.fill("");

      // Keyboard: Shift+Tab reaches the last chip's remove button; Enter removes it; Backspace the one before.
      await to.press("Shift+Tab");
      const removeGrace = page.getByRole("button", { name: "Remove grace" });
      await expect(removeGrace).toBeFocused();
      await removeGrace.press("Enter");
      await expect(chips).toHaveText(["heidi"]);
      await expect(to).toBeFocused();
      await to.press("Backspace");
      await expect(chips).toHaveCount(0);

      // A name that is no member's: refused inline, and nothing is sent.
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/messages") && posts.push(r.url()));
      const nobody = `nobody_${Date.now().toString(36)}`;
      await to.fill(nobody);
      await page.getByRole("button", { name: "Start" }).click();
      const error = page.getByTestId("recipient-error");
      await expect(error).toHaveText(`No member is called “${nobody}”: check the spelling or pick a name from the list`);
      await expect(to).toHaveAttribute("aria-invalid", "true");
      await expect(to).toHaveAccessibleDescription(new RegExp(`No member is called “${nobody}”`));
      await expect(to).toHaveValue(nobody);
      // Ending the name with a comma is refused the same way, before Send.
      await to.fill("");
      await to.pressSequentially(`${nobody},`);
      await expect(error).toBeVisible();
      await expect(chips).toHaveCount(0);
      await expect(page).toHaveURL(/\/messages$/);
      expect(posts).toEqual([]);

      // Corrected: heidi typed in full and ended with a comma becomes a chip; Start opens the conversation.
      await to.fill("");
      await to.pressSequentially("heidi,");
      await expect(chips).toHaveText(["heidi"]);
      await expect(error).toBeHidden();
      await page.getByRole("button", { name: "Start" }).click();
      await page.waitForURL(/\/messages\/\d+$/);
    });
  });
}
