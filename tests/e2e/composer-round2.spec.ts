import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { CommentComposer } from "./pages/composer";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/**
 * suggestions at the caret (inside the viewport, never over the submit
 * button), tags optional with the admin's rules told before Publish, no silent category, Ctrl+B/I as
 * toggles, "Add option" moving to the new option, the reaction picker taking the keyboard.
 */

const SHOTS = "test-results/shots-composer";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string, fullPage = false) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

async function freshPost(request: APIRequestContext, paragraphs = 1) {
  const token = await apiLogin(request, "alice");
  const more = Array.from({ length: paragraphs - 1 }, (_, i) => `Paragraph ${i + 2}, so the comment box is further down.`);
  return apiCreatePost(request, token, {
    title: unique("Caret"),
    content: ["Suggestions should open where I type.", ...more].join("\n\n"),
  });
}

/** A new member (level 0) with a password, signed in on `page`. */
async function newMember(page: Page, request: APIRequestContext) {
  const username = `m_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const reg = await request.post("/api/auth/register", {
    data: { username, email: `${username}@example.test`, password: "member-password-1" },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await signIn(page, username, "member-password-1");
  return username;
}

type Box = { top: number; bottom: number; left: number; right: number };
const rect = (l: Locator): Promise<Box> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

for (const vp of VIEWPORTS) {
  test(`${vp.name}: @ and : suggestions open at the caret, inside the viewport, never over the Post button`, async ({ page, request }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    // A long post: the comment box starts below the fold, and is scrolled to the bottom of the screen.
    const post = await freshPost(request, 30);
    await signIn(page, "bob");
    await new PostPage(page).goto(post.id);
    const c = new CommentComposer(page);
    const submit = page.getByRole("button", { name: "Post comment" });
    // The comment box at the bottom of the screen, as when a member scrolls down to reply on a phone.
    await c.box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      window.scrollBy(0, r.bottom - window.innerHeight + 70);
    });
    await c.box.click();
    expect((await rect(c.box)).bottom).toBeGreaterThan(vp.height - 120);
    await c.box.pressSequentially("First line of the reply\nThanks for this @al");
    const list = c.suggestions;
    await expect(list.getByRole("option", { name: /@alice/ })).toBeVisible();
    await expect(list).toHaveCSS("visibility", "visible");

    const [l, box, btn] = [await rect(list), await rect(c.box), await rect(submit)];
    // Inside the viewport.
    expect(l.top).toBeGreaterThanOrEqual(0);
    expect(l.bottom).toBeLessThanOrEqual(vp.height);
    expect(l.left).toBeGreaterThanOrEqual(0);
    expect(l.right).toBeLessThanOrEqual(vp.width);
    // Never over the submit button.
    expect(overlaps(l, btn), `list ${JSON.stringify(l)} button ${JSON.stringify(btn)}`).toBe(false);
    // At the caret: the list touches the caret's line inside the box (not below the whole box).
    const side = await list.getAttribute("data-side");
    if (side === "below") expect(l.top).toBeLessThan(box.bottom);
    else expect(l.bottom).toBeGreaterThan(box.top);
    // The caret is after "Thanks for this ": the list starts to the right of the box's left edge, unless clamped to the viewport.
    if (vp.width >= 1280) expect(l.left).toBeGreaterThan(box.left + 60);
    await shots(page, `suggestions-${vp.name}`);
    expect(await axeLightAndDark(page, `suggestions ${vp.name}`)).toEqual([]);

    await c.box.press("Enter");
    await expect(c.box).toHaveValue("First line of the reply\nThanks for this @alice ");
    await expect(list).toHaveCount(0);

    // Emoji suggestions follow the same rules; the list follows the caret to the next line.
    await c.box.pressSequentially("\n\n:tad");
    await expect(list.getByRole("option", { name: /:tada:/ })).toBeVisible();
    const e = await rect(list);
    expect(e.bottom).toBeLessThanOrEqual(vp.height);
    expect(e.right).toBeLessThanOrEqual(vp.width);
    expect(overlaps(e, await rect(submit))).toBe(false);
    await c.box.press("Escape");
    await expect(list).toHaveCount(0);
  });
}

test("Ctrl+B and Ctrl+I are toggles: shortcut, type, shortcut gives **text**; on bold text they unwrap", async ({ page, request }) => {
  const post = await freshPost(request);
  await signIn(page, "bob");
  await new PostPage(page).goto(post.id);
  const c = new CommentComposer(page);
  await c.box.click();
  await c.box.pressSequentially("Say ");
  await c.box.press("Control+b");
  await c.box.pressSequentially("bold");
  await c.box.press("Control+b");
  await c.box.pressSequentially(" then ");
  await c.box.press("Control+i");
  await c.box.pressSequentially("slanted");
  await c.box.press("Control+i");
  await c.box.pressSequentially(" done");
  await expect(c.box).toHaveValue("Say **bold** then _slanted_ done");

  // The shortcut pressed twice takes itself back.
  await c.box.press("Control+b");
  await c.box.press("Control+b");
  await expect(c.box).toHaveValue("Say **bold** then _slanted_ done");

  // On a selection that is bold (the word alone, or with its markers), Ctrl+B unwraps it.
  await c.select("bold");
  await c.box.press("Control+b");
  await expect(c.box).toHaveValue("Say bold then _slanted_ done");
  await c.select("bold");
  await c.box.press("Control+b");
  await expect(c.box).toHaveValue("Say **bold** then _slanted_ done");
  await c.select("_slanted_");
  await c.box.press("Control+i");
  await expect(c.box).toHaveValue("Say **bold** then slanted done");
  await c.submit();
  await expect(c.comment("then slanted done").locator("strong", { hasText: "bold" })).toBeVisible();
});

test("a poll's Add option moves to the new option: spaces go into it, and no empty option is added twice", async ({ page }) => {
  await signIn(page, "bob");
  await page.goto("/new");
  await page.getByLabel("Post type").selectOption("POLL");
  await page.getByLabel("Option 1", { exact: true }).fill("Tea");
  await page.getByLabel("Option 2", { exact: true }).fill("Coffee");
  const add = page.getByRole("button", { name: "Add option" });
  await add.focus();
  await page.keyboard.press("Enter");
  const third = page.getByLabel("Option 3", { exact: true });
  await expect(third).toBeFocused();
  // A space typed now lands in the option, not on the button (which would add empty options).
  await page.keyboard.type("  Water");
  await expect(third).toHaveValue("  Water");
  await expect(page.getByLabel(/^Option \d+$/)).toHaveCount(3);

  await add.click();
  const fourth = page.getByLabel("Option 4", { exact: true });
  await expect(fourth).toBeFocused();
  // While the new option is empty, Add option returns to it instead of adding another.
  await add.click();
  await expect(fourth).toBeFocused();
  await expect(page.getByLabel(/^Option \d+$/)).toHaveCount(4);
  await page.keyboard.press(" ");
  await add.click();
  await expect(fourth).toBeFocused();
  await expect(page.getByLabel(/^Option \d+$/)).toHaveCount(4);
});

for (const vp of VIEWPORTS) {
  test(`${vp.name}: the reaction picker takes the keyboard: first reaction focused, arrows move, Escape returns`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const post = await freshPost(request);
    await signIn(page, "carol");
    const p = new PostPage(page);
    await p.goto(post.id);
    const bar = p.postReactions();
    const toggle = bar.getByRole("button", { name: "React", exact: true });
    await toggle.click();
    const picker = bar.getByRole("group", { name: "Choose a reaction" });
    const reactions = picker.getByRole("button");
    await expect(reactions.first()).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(reactions.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(reactions.nth(6)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    await expect(reactions.first()).toBeFocused();
    // Only the focused reaction is in the tab order.
    await expect(picker.locator("button[tabindex='0']")).toHaveCount(1);
    await shots(page, `picker-${vp.name}`);
    expect(await axeLightAndDark(page, `picker ${vp.name}`)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(picker).toHaveCount(0);
    await expect(toggle).toBeFocused();

    // Enter on a reaction reacts, closes the picker and gives the keyboard back to the React button.
    await page.keyboard.press("Enter");
    await expect(reactions.first()).toBeFocused();
    const label = (await reactions.first().getAttribute("aria-label"))!;
    await page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(bar.getByRole("button", { name: `${label}: 1 (your reaction)` })).toBeVisible();
  });
}

for (const vp of VIEWPORTS) {
  test(`${vp.name}: a new member is asked for a category, tags are optional, the tag rules are told before Publish`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await newMember(page, request);
    await page.goto("/new");
    const category = page.getByLabel("Category", { exact: true });
    // No category is chosen for the member.
    await expect(category).toHaveValue("");
    await expect(page.getByText("Required: where the post belongs.")).toBeVisible();
    const rules = page.getByTestId("tag-rules");
    await expect(rules).toHaveText(
      "Optional: up to 5 tags. Pick existing tags: new ones are created by members from level 1, and moderators.",
    );
    await expect(page.getByLabel("Tags", { exact: true })).toHaveAccessibleDescription(/Optional: up to 5 tags/);
    const title = unique("No tags needed");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content", { exact: true }).fill("A post without tags, in the category I chose.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.locator("#post-categoryId-error")).toHaveText("Choose a category");
    await expect(category).toBeFocused();
    await shots(page, `editor-ask-category-${vp.name}`, true);
    expect(await axeLightAndDark(page, `editor ${vp.name}`)).toEqual([]);

    const options = await category.locator("option:not([disabled])").allTextContents();
    const chosen = options[options.length - 1]!;
    await category.selectOption({ label: chosen });
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/posts\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // The next new post starts in the category chosen last time, and says so.
    await page.goto("/new");
    await expect(category.locator("option:checked")).toHaveText(chosen);
    await expect(page.getByText("Your last category: change it if this post belongs elsewhere.")).toBeVisible();
  });
}

test("an admin requires 2 tags and lets every member create tags: the editor says so before Publish", async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Site settings" });
  const save = async () => {
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
  };
  await expect(form.getByLabel("Tags a post needs")).toHaveValue("0");
  await expect(form.getByLabel("Who may create new tags")).toHaveValue("LEVEL");
  await expect(form.getByLabel("Level to create tags")).toHaveValue("1");
  await form.getByLabel("Tags a post needs").fill("2");
  await form.getByLabel("Who may create new tags").selectOption("EVERYONE");
  await expect(form.getByLabel("Level to create tags")).toHaveCount(0);
  await save();
  await shots(page, "admin-settings-tags", true);
  try {
    const ctx = await browser.newContext();
    const member = await ctx.newPage();
    await newMember(member, request);
    await member.goto("/new");
    const rules = member.getByTestId("tag-rules");
    await expect(rules).toHaveText("Add at least 2 tags (2 more). You can create new tags.");
    await member.getByLabel("Title", { exact: true }).fill(unique("Two tags"));
    await member.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await member.getByLabel("Content", { exact: true }).fill("Needs two tags on this site.");
    const tagBox = member.getByLabel("Tags", { exact: true });
    const name = `fresh-${Date.now().toString(36)}`;
    await tagBox.fill(name);
    await member.getByRole("button", { name: `Create tag “${name}”` }).click();
    await expect(rules).toHaveText("Add at least 2 tags (1 more). You can create new tags.");
    await member.getByRole("button", { name: "Publish" }).click();
    await expect(member.locator("#post-tagIds-error")).toHaveText("Add at least 2 tags");
    await tagBox.fill(`${name}-b`);
    await tagBox.press("Enter");
    await expect(rules).toHaveText("At least 2 tags, up to 5. You can create new tags.");
    await member.getByRole("button", { name: "Publish" }).click();
    await member.waitForURL(/\/posts\/\d+$/);
    await expect(member.getByRole("link", { name: `#${name}-b` }).first()).toBeVisible();
    await ctx.close();
  } finally {
    await page.goto("/admin/settings");
    await form.getByLabel("Tags a post needs").fill("0");
    await form.getByLabel("Who may create new tags").selectOption("LEVEL");
    await save();
  }
});
