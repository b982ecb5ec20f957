import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/**
 * Direct messages, two members chatting live in two browser contexts: ivan starts the
 * conversation from heidi's profile; heidi, on another page, sees the unread count in the header (on
 * phones in the menu) and in the tab title; she opens it from /messages, answers, and ivan sees the
 * answer and the read receipt without reloading. At 1280 and 390 px, axe 0 in light and dark.
 */

const SHOTS = "test-results/shots-dm";
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** ivan and heidi may message each other, and heidi has nothing unread, whatever ran before. */
async function reset(request: APIRequestContext) {
  for (const [me, other] of [
    ["ivan", "heidi"],
    ["heidi", "ivan"],
  ] as const) {
    const headers = { authorization: `Bearer ${await apiLogin(request, me)}` };
    await request.delete(`/api/users/${other}/block`, { headers });
    await request.put("/api/users/me/privacy", { headers, data: { messagePolicy: "EVERYONE" } });
    const list = (await (await request.get("/api/messages/conversations", { headers })).json()) as { id: number; unreadCount: number }[];
    for (const c of list) if (c.unreadCount > 0) await request.post(`/api/messages/conversations/${c.id}/read`, { headers });
  }
}

async function member(browser: Browser, username: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
}

/** The unread count as the header shows it: the badge on wide screens, the menu entry on phones. */
async function expectUnread(page: Page, phone: boolean, n: number) {
  if (!phone) {
    await expect(page.getByTestId("message-count")).toHaveAccessibleName(n > 0 ? `Messages, ${n} unread` : "Messages", { timeout: 5_000 });
    return;
  }
  await page.getByTestId("header-menu-button").click();
  // The entry reads "Messages, N unread" (then the visible count).
  await expect(page.getByTestId("menu-messages")).toHaveAccessibleName(n > 0 ? new RegExp(`^Messages\\s*, ${n} unread`) : "Messages", {
    timeout: 5_000,
  });
  await page.keyboard.press("Escape");
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width} px`, () => {
    test("two members chat live: unread count in the header and the title, read receipts", async ({ browser, request }) => {
      const phone = vp.name === "phone";
      await reset(request);
      const ivan = await member(browser, "ivan", vp);
      const heidi = await member(browser, "heidi", vp);
      try {
        // heidi is elsewhere on the site.
        await heidi.page.goto("/");
        await expectUnread(heidi.page, phone, 0);

        // ivan starts from her profile.
        await ivan.page.goto("/u/heidi");
        await ivan.page.getByRole("button", { name: "Message heidi" }).click();
        await ivan.page.waitForURL(/\/messages\/\d+$/);
        const conversationUrl = new URL(ivan.page.url()).pathname;
        const text = unique("Coffee on Friday?");
        const box = ivan.page.getByRole("textbox", { name: "Your message", exact: true });
        await expect(box).toBeFocused();
        await box.fill(text);
        await box.press("Control+Enter");
        const log = ivan.page.getByTestId("message-log");
        await expect(log.getByText(text)).toBeVisible();
        await expect(box).toHaveValue("");

        // heidi: the count arrives live, in the header and the tab title.
        const sentAt = Date.now();
        await expectUnread(heidi.page, phone, 1);
        await expect(heidi.page).toHaveTitle(/^\(1\) /);
        expect(Date.now() - sentAt).toBeLessThan(5_000);

        // She opens her messages: the conversation is marked unread, newest first.
        if (phone) {
          await heidi.page.getByTestId("header-menu-button").click();
          await heidi.page.getByTestId("menu-messages").click();
        } else {
          await heidi.page.getByTestId("message-count").click();
        }
        await heidi.page.waitForURL("**/messages");
        const item = heidi.page.getByTestId("conversation-item").first();
        await expect(item).toHaveAccessibleName(/^ivan, 1 unread$/);
        await expect(item).toContainText(text);
        expect(await axeLightAndDark(heidi.page, `messages list ${vp.name}`)).toEqual([]);
        await shots(heidi.page, `list-${vp.name}`);

        // Keyboard: Tab to the conversation and open it with Enter.
        await item.focus();
        await heidi.page.keyboard.press("Enter");
        await heidi.page.waitForURL(`**${conversationUrl}`);
        await expect(heidi.page.getByTestId("message-log").getByText(text)).toBeVisible();
        await expect(heidi.page.getByRole("separator", { name: "New messages" })).toBeVisible();
        await expectUnread(heidi.page, phone, 0);
        await expect(heidi.page).not.toHaveTitle(/^\(\d+\) /);

        // ivan sees that she read it, without reloading.
        await expect(ivan.page.getByTestId("read-receipt")).toHaveText("Seen");

        // She answers, quoting his message; he sees it live.
        await heidi.page.getByRole("button", { name: `Reply to ivan: ${text}` }).click();
        await expect(heidi.page.getByTestId("replying-to")).toContainText(text);
        const answer = unique("Yes, at ten");
        await heidi.page.getByRole("textbox", { name: "Your message", exact: true }).fill(answer);
        await heidi.page.getByRole("button", { name: "Send" }).click();
        await expect(heidi.page.getByTestId("message-log").getByText(answer)).toBeVisible();
        await expect(ivan.page.getByTestId("message-log").getByText(answer)).toBeVisible({ timeout: 5_000 });
        // Seen at once by ivan, whose page is open: nothing unread for him.
        await expectUnread(ivan.page, phone, 0);
        await expect(heidi.page.getByTestId("read-receipt")).toHaveText("Seen");

        // The pointer away from Send (a hovered button is not what is measured).
        await heidi.page.mouse.move(0, 0);
        expect(await axeLightAndDark(heidi.page, `conversation ${vp.name}`)).toEqual([]);
        await shots(heidi.page, `conversation-${vp.name}`);
        await shots(ivan.page, `conversation-ivan-${vp.name}`);
      } finally {
        await ivan.context.close();
        await heidi.context.close();
      }
    });
  });
}

test("a conversation is its members' only", async ({ browser, request }) => {
  await reset(request);
  const ivan = await apiLogin(request, "ivan");
  const heidi = (await (await request.get("/api/users/heidi")).json()) as { id: number };
  const r = await request.post("/api/messages/conversations", {
    headers: { authorization: `Bearer ${ivan}` },
    data: { recipientId: heidi.id },
  });
  const { conversationId } = (await r.json()) as { conversationId: number };
  const grace = await member(browser, "grace", { width: 1280, height: 900 });
  try {
    const res = await grace.page.goto(`/messages/${conversationId}`);
    expect(res?.status()).toBe(404);
    const api = await grace.page.request.get(`/api/messages/conversations/${conversationId}`);
    expect(api.status()).toBe(404);
  } finally {
    await grace.context.close();
  }
  const anon = await request.get(`/api/messages/conversations/${conversationId}`);
  expect(anon.status()).toBe(401);
});

test("in a group, a reaction and a member added reach the other member live", async ({ browser, request }) => {
  await reset(request);
  const vp = { width: 1280, height: 900 };
  const ivanToken = await apiLogin(request, "ivan");
  const headers = { authorization: `Bearer ${ivanToken}` };
  const heidiId = ((await (await request.get("/api/users/heidi")).json()) as { id: number }).id;
  // grace accepts messages from ivan (whatever an earlier run left).
  const graceHeaders = { authorization: `Bearer ${await apiLogin(request, "grace")}` };
  await request.delete("/api/users/ivan/block", { headers: graceHeaders });
  await request.put("/api/users/me/privacy", { headers: graceHeaders, data: { messagePolicy: "EVERYONE" } });
  const name = unique("Trip");
  const made = await request.post("/api/messages/conversations", { headers, data: { recipientIds: [heidiId], name } });
  expect(made.status()).toBe(200);
  const { conversationId } = (await made.json()) as { conversationId: number };
  const text = unique("Train at nine?");
  expect(
    (await request.post(`/api/messages/conversations/${conversationId}/messages`, { headers, data: { content: text } })).status(),
  ).toBe(200);

  const ivan = await member(browser, "ivan", vp);
  const heidi = await member(browser, "heidi", vp);
  try {
    await ivan.page.goto(`/messages/${conversationId}`);
    await heidi.page.goto(`/messages/${conversationId}`);
    const onIvan = ivan.page.getByTestId("message").filter({ hasText: text });
    const onHeidi = heidi.page.getByTestId("message").filter({ hasText: text });
    await expect(onHeidi).toBeVisible();

    // heidi reacts; ivan sees it without reloading.
    await onHeidi.getByRole("button", { name: "React" }).click();
    await heidi.page.getByRole("group", { name: "Choose a reaction" }).getByRole("button", { name: "Smile" }).click();
    await expect(onHeidi.getByRole("button", { name: "Smile: 1 (your reaction)" })).toBeVisible();
    await expect(onIvan.getByRole("button", { name: "Smile: 1" })).toBeVisible({ timeout: 5_000 });

    // ivan adds grace; heidi sees the line and the members change live.
    await ivan.page.getByTestId("add-people").click();
    // The same recipient picker as a new message: a suggestion becomes a chip.
    await ivan.page.getByRole("combobox", { name: "People to add" }).pressSequentially("gra");
    await ivan.page.getByRole("listbox", { name: "Members" }).getByRole("option", { name: "grace" }).click();
    await expect(ivan.page.getByTestId("recipient-chip")).toHaveText(["grace"]);
    await ivan.page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(ivan.page.getByTestId("system-line").last()).toHaveText("You added grace");
    await expect(heidi.page.getByTestId("system-line").last()).toHaveText("ivan added grace", { timeout: 5_000 });
    await expect(heidi.page.getByTestId("conversation-members")).toContainText("grace");

    await heidi.page.mouse.move(0, 0);
    expect(await axeLightAndDark(heidi.page, "group conversation with a reaction")).toEqual([]);
    await shots(heidi.page, "group-reaction-added");
  } finally {
    await ivan.context.close();
    await heidi.context.close();
  }
});
