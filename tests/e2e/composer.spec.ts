import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { CommentComposer } from "./pages/composer";
import { PostPage } from "./pages/post-page";
import { signIn } from "./pages/session";

/** the composer (toolbar, shortcuts, @ suggestions, quote-reply, pasted images). */

async function freshPost(request: Parameters<typeof apiLogin>[0], content = "A first sentence to quote. And a second one that stays.") {
  const token = await apiLogin(request, "alice");
  return apiCreatePost(request, token, { title: unique("Composer"), content });
}

test("bold from the toolbar and with Ctrl+B, and the comment renders it", async ({ page, request }) => {
  // A busy machine: the next frame comes 300 ms late (animation frames wait for it), as in the CI run
  // where a key typed right after Ctrl+B landed at the end of the text.
  await page.addInitScript(() => {
    window.requestAnimationFrame = (cb) => window.setTimeout(() => cb(performance.now()), 300);
  });
  const post = await freshPost(request);
  await signIn(page, "bob");
  const postPage = new PostPage(page);
  await postPage.goto(post.id);
  const c = new CommentComposer(page);
  const word = unique("loud").replace(/\s+/g, "-");
  await c.box.fill(`say it ${word} please`);
  await c.select(word);
  await c.toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(c.box).toHaveValue(`say it **${word}** please`);

  await c.box.press("End");
  await c.box.pressSequentially(" and ");
  // The shortcut's placeholder text is selected at once: keys typed right after it replace it, and
  // none of them lands at the end of the text.
  await c.box.press("Control+b");
  await c.box.pressSequentially("this");
  await expect(c.box).toHaveValue(`say it **${word}** please and **this**`);
  // With nothing selected, a tool inserts its placeholder, selected.
  await c.box.press("End");
  await c.toolbar.getByRole("button", { name: "Italic" }).click();
  await expect(c.box).toHaveValue(`say it **${word}** please and **this**_italic text_`);
  expect(await c.box.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe("italic text");
  // Undo goes back through the browser's own history.
  await c.box.press("Control+z");
  await expect(c.box).toHaveValue(`say it **${word}** please and **this**`);
  await c.box.fill(`say it **${word}** please`);

  await c.submit();
  await expect(c.comment(word).locator("strong", { hasText: word })).toBeVisible();
});

test("@al suggests alice, keyboard picks her, and the text says @alice", async ({ page, request }) => {
  const post = await freshPost(request);
  await signIn(page, "bob");
  await new PostPage(page).goto(post.id);
  const c = new CommentComposer(page);
  await c.box.click();
  await c.box.pressSequentially("Thanks @al");
  const option = c.suggestions.getByRole("option", { name: /@alice/ });
  await expect(option).toBeVisible();
  // alice wrote the post, so she comes first and is marked as in the thread.
  await expect(c.suggestions.getByRole("option").first()).toContainText("@alice");
  await expect(c.suggestions.getByRole("option").first()).toContainText("in this thread");
  await c.box.press("Enter");
  await expect(c.box).toHaveValue("Thanks @alice ");
  await expect(c.suggestions).toHaveCount(0);
  // `:` suggests emoji by shortcode; Escape closes the list without inserting anything.
  await c.box.pressSequentially(":tad");
  await expect(c.suggestions.getByRole("option", { name: /:tada:/ })).toBeVisible();
  await c.box.press("Escape");
  await expect(c.suggestions).toHaveCount(0);
  await expect(c.box).toHaveValue("Thanks @alice :tad");
});

test("quote a sentence of the post into a reply; the reply shows it as a quote linking its source", async ({ page, request }) => {
  const post = await freshPost(request);
  await signIn(page, "bob");
  const postPage = new PostPage(page);
  await postPage.goto(post.id);
  const sentence = "A first sentence to quote.";
  // Select the sentence in the post body as a person would (a drag), then release the mouse.
  await postPage.content.evaluate((el, s) => {
    const p = el.querySelector("p")!;
    const text = p.firstChild!;
    const i = text.textContent!.indexOf(s);
    const r = document.createRange();
    r.setStart(text, i);
    r.setEnd(text, i + s.length);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(r);
  }, sentence);
  await postPage.content.dispatchEvent("mouseup");
  await page.getByRole("button", { name: "Quote the selection in your comment" }).click();
  const c = new CommentComposer(page);
  await expect(c.box).toHaveValue(`> [alice wrote](/posts/${post.id}):\n> ${sentence}\n\n`);
  await expect(c.box).toBeFocused();
  await c.box.press("End");
  await c.box.pressSequentially("Agreed.");
  await c.submit();
  const reply = c.comment("Agreed.");
  const quote = reply.locator("blockquote");
  await expect(quote).toContainText(sentence);
  await expect(quote.getByRole("link", { name: "alice wrote" })).toHaveAttribute("href", `/posts/${post.id}`);
});

test("paste an image into the comment box: it uploads with progress and the comment shows it", async ({ page, request }) => {
  const post = await freshPost(request);
  await signIn(page, "bob");
  await new PostPage(page).goto(post.id);
  const c = new CommentComposer(page);
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await c.box.fill("Look: ");
  await c.box.press("End");
  await c.pasteImage("blue-sky.png", png);
  await expect(c.box).toHaveValue(/!\[blue-sky\]\(\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.\w+\)/, { timeout: 20_000 });
  await expect(c.box).not.toHaveValue(/Uploading/);
  await c.submit();
  const img = c.comment("Look:").locator("img[alt='blue-sky']");
  await expect(img).toBeVisible();
  expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
});

test("a comment draft survives a reload and is gone once the comment is posted", async ({ page, request }) => {
  const post = await freshPost(request);
  await signIn(page, "bob");
  const postPage = new PostPage(page);
  await postPage.goto(post.id);
  const c = new CommentComposer(page);
  const draft = unique("Half-written thought");
  await c.box.fill(draft);
  await page.waitForTimeout(500); // the draft is saved 300 ms after the last keystroke
  await page.reload();
  await expect(c.box).toHaveValue(draft);
  await c.submit();
  await page.reload();
  await expect(c.box).toHaveValue("");
  await expect(c.comment(draft)).toBeVisible();
});
