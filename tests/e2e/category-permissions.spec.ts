import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";
import { shootLightAndDark } from "./pages/shots";

/**
 * Groups and category permissions in the browser (issue 57): an admin makes a group and adds a member
 * in /admin/groups, makes a private category for the group and a read-only announcements category in
 * the category editor; the group's member sees and posts there; another member sees neither the
 * category nor its posts on the home page, in search or in the feeds. Screenshots at 1280 and 390 px,
 * light and dark, and axe on the new screens.
 */

test.describe.configure({ timeout: 300_000 });

const SHOTS = "test-results/screenshots";
const WIDTHS = [1280, 390] as const;
const GROUP_MEMBER = "grace";
const OTHER_MEMBER = "heidi";

/** A word of letters only, new to this run (the search vocabulary keeps words of letters). */
const letters = (prefix: string) =>
  prefix +
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

async function memberPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** Screenshots at both widths, light and dark, then axe at both widths; returns axe's findings. */
async function shootAndAudit(page: Page, name: string, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top: a full-page shot of a scrolled page draws the sticky header where the view was.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootLightAndDark(page, SHOTS, `${name}-${width}`, { fullPage: true });
    found.push(...(await axeLightAndDark(page, `${label} @${width}`)));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

async function categoryId(page: Page, name: string): Promise<number> {
  const cats = (await (await page.request.get("/api/categories")).json()) as { id: number; name: string }[];
  const c = cats.find((x) => x.name === name);
  expect(c, name).toBeTruthy();
  return c!.id;
}

async function createCategory(page: Page, name: string, description: string) {
  const create = page.getByRole("form", { name: "New category" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Description").fill(description);
  await create.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByTestId("admin-category").filter({ hasText: name })).toBeVisible();
}

/** Opens a category's permissions editor and ticks `ticks` (action fieldset → option labels); saves when `save`. */
async function setPermissions(page: Page, name: string, ticks: Record<string, string[]>, save = true) {
  const row = page.getByTestId("admin-category").filter({ hasText: name });
  await row.getByRole("button", { name: `Permissions of ${name}` }).click();
  const form = page.getByRole("form", { name: `Who may see, post and reply in ${name}` });
  for (const [action, labels] of Object.entries(ticks))
    for (const l of labels) await form.getByRole("group", { name: action }).getByRole("checkbox", { name: l, exact: true }).check();
  if (save) {
    await form.getByRole("button", { name: "Save permissions" }).click();
    await expect(form).toHaveCount(0);
  }
  return row;
}

test("an admin makes a group, a private category for it and a read-only one; only the group sees its space", async ({
  page,
  browser,
  request,
}) => {
  const found: string[] = [];
  const group = unique("Design team").slice(0, 40);
  const room = unique("Design room").slice(0, 40);
  const news = unique("Announcements").slice(0, 40);
  const secret = letters("mauvelantern");
  const notice = letters("tidingsbell");

  // 1. The group, with a member added by username from the suggestions.
  await signIn(page, "admin");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Groups" })).toBeVisible();
  await page.goto("/admin/groups");
  await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
  const create = page.getByRole("form", { name: "New group" });
  await create.getByLabel("Name").fill(group);
  await create.getByLabel("Description (optional)").fill("Sketches and reviews");
  await create.getByLabel("Who sees the member list").selectOption("members");
  await create.getByRole("button", { name: "Create group" }).click();
  const row = page.getByTestId("admin-group").filter({ hasText: group });
  // The form is empty again for the next group.
  await expect(create.getByLabel("Name")).toHaveValue("");
  await expect(row).toContainText("0 members");
  await row.getByRole("button", { name: `Members of ${group}` }).click();
  const picker = row.getByRole("combobox", { name: "Add members" });
  await picker.fill(GROUP_MEMBER.slice(0, 4));
  await row.getByRole("option", { name: new RegExp(`^${GROUP_MEMBER}`) }).click();
  await expect(row.getByTestId("recipient-chip")).toContainText(GROUP_MEMBER);
  await row.getByRole("button", { name: "Add", exact: true }).click();
  await expect(row.getByTestId("group-member").filter({ hasText: GROUP_MEMBER })).toBeVisible();
  await expect(row).toContainText("1 member");
  // Made owner and unmade again (admins only).
  await row.getByRole("button", { name: `Make ${GROUP_MEMBER} an owner` }).click();
  await expect(row.getByTestId("group-member").filter({ hasText: GROUP_MEMBER })).toContainText("Owner");
  await expect(row.getByRole("button", { name: `Remove ${GROUP_MEMBER} as owner` })).toBeEnabled();
  found.push(...(await shootAndAudit(page, "admin-groups", "/admin/groups")));
  await row.getByRole("button", { name: `Remove ${GROUP_MEMBER} as owner` }).click();
  await expect(row.getByTestId("group-member").filter({ hasText: GROUP_MEMBER })).not.toContainText("Owner");

  // A throwaway group is renamed, then deleted after a confirmation.
  const temp = unique("Temp group").slice(0, 40);
  await create.getByLabel("Name").fill(temp);
  await create.getByRole("button", { name: "Create group" }).click();
  const tempRow = page.getByTestId("admin-group").filter({ hasText: temp });
  await tempRow.getByRole("button", { name: `Edit ${temp}` }).click();
  const editForm = page.getByRole("form", { name: `Edit ${temp}` });
  await editForm.getByLabel("Name").fill(`${temp} renamed`);
  await editForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("admin-group").filter({ hasText: `${temp} renamed` })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${temp} renamed` }).click();
  await page
    .getByRole("button", { name: `Delete ${temp} renamed` })
    .last()
    .click();
  await expect(page.getByTestId("admin-group").filter({ hasText: temp })).toHaveCount(0);

  // 2. The private room (the group sees, posts, replies) and the read-only announcements (staff post and reply).
  await page.goto("/admin/categories");
  await createCategory(page, room, "Only the design team");
  await createCategory(page, news, "News from the staff");
  const roomRow = await setPermissions(page, room, {
    "Who may see it": [group],
    "Who may start posts": [group],
    "Who may reply": [group],
  });
  await expect(roomRow.getByTestId("category-permissions")).toHaveText(`Visible to: ${group} · New posts: ${group} · Replies: ${group}`);
  const newsRow = await setPermissions(page, news, { "Who may start posts": ["Staff"], "Who may reply": ["Staff"] });
  await expect(newsRow.getByTestId("category-permissions")).toHaveText("Visible to: Everyone · New posts: Staff · Replies: Staff");
  // The editor open, for its screenshots and axe.
  await setPermissions(page, room, {}, false);
  found.push(...(await shootAndAudit(page, "permissions-editor", "/admin/categories (permissions editor)")));
  const roomId = await categoryId(page, room);
  const newsId = await categoryId(page, news);

  // The staff announce (the API, as the composer offers staff every category).
  const adminToken = await apiLogin(request, "admin");
  const ann = await request.post("/api/posts", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { title: `Opening hours ${notice}`, content: `The ${notice} rings at nine.`, categoryId: newsId, type: "NORMAL" },
  });
  expect(ann.status(), await ann.text()).toBe(201);

  // 3. The group's member sees the room, posts there, and reads the announcement (no replies: read-only).
  const member = await memberPage(browser, GROUP_MEMBER);
  await member.goto(`/c/${roomId}`);
  await expect(member.getByRole("heading", { name: room, level: 1 })).toBeVisible();
  await expect(member.getByTestId("category-permissions")).toHaveText(`Visible to: ${group} · New posts: ${group} · Replies: ${group}`);
  await member.goto("/new");
  const categorySelect = member.getByLabel("Category", { exact: true });
  await expect(categorySelect.locator("option", { hasText: room })).toHaveCount(1);
  await expect(categorySelect.locator("option", { hasText: news })).toHaveCount(0);
  await member.getByLabel("Title", { exact: true }).fill(`Palette notes ${secret}`);
  await member.getByLabel("Content", { exact: true }).fill(`The ${secret} swatches are ready for review.`);
  await categorySelect.selectOption({ label: room });
  await member.getByRole("button", { name: "Publish" }).click();
  await member.waitForURL(/\/posts\/\d+$/);
  const postId = Number(new URL(member.url()).pathname.split("/").pop());
  await member.goto("/");
  await expect(member.getByRole("main")).toContainText(`Palette notes ${secret}`);
  await member.goto(`/c/${roomId}`);
  await expect(member.getByRole("main")).toContainText(`Palette notes ${secret}`);
  found.push(...(await shootAndAudit(member, "category-page", `/c/${roomId}`)));
  await expect
    .poll(async () => (await (await member.request.get(`/api/search/posts?keyword=${secret}`)).text()).includes(secret), {
      timeout: 20_000,
    })
    .toBe(true);
  await member.goto(`/c/${newsId}`);
  await expect(member.getByRole("main")).toContainText(`Opening hours ${notice}`);
  await expect(member.getByTestId("category-permissions")).toHaveText("Visible to: Everyone · New posts: Staff · Replies: Staff");
  const memberToken = await apiLogin(request, GROUP_MEMBER);
  const reply = await request.post(`/api/posts/${(await ann.json()).id}/comments`, {
    headers: { Authorization: `Bearer ${memberToken}` },
    data: { content: "Can I reply?" },
  });
  expect(reply.status()).toBe(403);
  expect((await reply.json()).code).toBe("category_forbidden");
  // The member's groups on their profile (the member list is for signed-in members).
  await member.goto(`/u/${GROUP_MEMBER}`);
  await expect(member.getByTestId("profile-groups").getByRole("link", { name: group })).toBeVisible();

  // 4. Another member: neither the room nor its post, on the home page, the category list, search or the feeds.
  const other = await memberPage(browser, OTHER_MEMBER);
  await other.goto("/");
  await expect(other.getByRole("main")).toContainText(`Opening hours ${notice}`);
  await expect(other.getByRole("main")).not.toContainText(secret);
  await other.goto("/categories");
  await expect(other.getByRole("main")).toContainText(news);
  await expect(other.getByRole("main")).not.toContainText(room);
  expect((await other.goto(`/c/${roomId}`))?.status()).toBe(404);
  expect((await other.goto(`/posts/${postId}`))?.status()).toBe(404);
  await other.goto(`/search?q=${secret}`);
  await expect(other.getByRole("main")).toBeVisible();
  await expect(other.getByTestId("search-result")).toHaveCount(0);
  await expect(other.getByRole("main")).not.toContainText(`Palette notes ${secret}`);
  expect(await (await other.request.get(`/api/search/posts?keyword=${secret}`)).text()).not.toContain(secret);
  for (const feed of ["/api/rss", `/api/rss/categories/${roomId}`, "/api/rss?format=atom"]) {
    const body = await (await other.request.get(feed)).text();
    expect(body, feed).not.toContain(secret);
  }
  expect(await (await other.request.get("/api/rss")).text()).toContain(notice);
  // The composer offers neither the room nor the announcements to this member.
  await other.goto("/new");
  const otherSelect = other.getByLabel("Category", { exact: true });
  await expect(otherSelect.locator("option", { hasText: room })).toHaveCount(0);
  await expect(otherSelect.locator("option", { hasText: news })).toHaveCount(0);
  // They see the group on the member's profile (visible to signed-in members); the group's page too.
  await other.goto(`/u/${GROUP_MEMBER}`);
  await other.getByTestId("profile-groups").getByRole("link", { name: group }).click();
  await expect(other.getByRole("heading", { name: group, level: 1 })).toBeVisible();
  await expect(other.getByTestId("group-member").filter({ hasText: GROUP_MEMBER })).toBeVisible();
  await expect(other.getByRole("combobox", { name: "Add members" })).toHaveCount(0);

  // 5. The member list made for the group's own members: the profile page every member shares does not
  // name the group, and the browser asks for the reader's own list. The member sees it; the other does not.
  const groupId = Number(new URL(other.url()).pathname.split("/").pop());
  const toGroupOnly = await request.put(`/api/admin/groups/${groupId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { membersVisibility: "group" },
  });
  expect(toGroupOnly.status()).toBe(200);
  await member.goto(`/u/${GROUP_MEMBER}`);
  await expect(member.getByTestId("profile-groups").getByRole("link", { name: group })).toBeVisible();
  await other.goto(`/u/${GROUP_MEMBER}`);
  await expect(other.getByRole("heading", { name: GROUP_MEMBER, level: 1 })).toBeVisible();
  await expect(other.getByRole("link", { name: group, exact: true })).toHaveCount(0);

  expect(found, found.join("\n")).toEqual([]);
  await member.context().close();
  await other.context().close();
});
