import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/session";

/** Every main page: a <title>, the banner and main landmarks, and a name for every form control and button. */

async function checkPage(page: Page, path: string, expectStatus = 200) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(expectStatus);
  await expect(page.getByRole("main")).toBeVisible();
  const title = await page.title();
  expect(title.trim().length, `${path} has a title`).toBeGreaterThan(0);
  await expect(page.getByRole("banner"), `${path} has a banner`).toHaveCount(1);
  await expect(page.getByRole("main"), `${path} has one main`).toHaveCount(1);
  await expect(page.getByRole("contentinfo"), `${path} has a footer`).toHaveCount(1);

  const unlabelled = await page.evaluate(() => {
    const bad: string[] = [];
    const nameOf = (el: Element) => {
      const aria = el.getAttribute("aria-label")?.trim();
      if (aria) return aria;
      const by = el.getAttribute("aria-labelledby");
      if (by)
        return by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ")
          .trim();
      const labels = (el as HTMLInputElement).labels;
      if (labels && labels.length)
        return Array.from(labels)
          .map((l) => l.textContent ?? "")
          .join(" ")
          .trim();
      if (el.tagName === "BUTTON" || el.tagName === "A") {
        return (el.textContent ?? "").trim() || el.getAttribute("title") || el.querySelector("img[alt]")?.getAttribute("alt") || "";
      }
      return el.getAttribute("title") ?? "";
    };
    for (const el of Array.from(document.querySelectorAll("input, select, textarea, button, a[href]"))) {
      if (el instanceof HTMLInputElement && el.type === "hidden") continue;
      if (!nameOf(el)) bad.push(el.outerHTML.slice(0, 120));
    }
    return bad;
  });
  expect(unlabelled, `${path}: controls without an accessible name`).toEqual([]);

  // Headings start at h1.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

test("public pages are accessible", async ({ page, request }) => {
  const posts: { id: number; category: { id: number }; tags: { id: number }[] }[] = await (
    await request.get("/api/posts?pageSize=1")
  ).json();
  const p = posts[0]!;
  for (const path of ["/", "/?tab=featured", `/c/${p.category.id}`, `/t/${p.tags[0]!.id}`, `/posts/${p.id}`]) {
    await checkPage(page, path);
  }
  for (const path of [
    "/login",
    "/forgot-password",
    "/reset-password?token=abcdefghijklmnopqrstuvwxyz",
    "/verify?username=alice&code=123456",
    "/unsubscribe?u=1&t=x",
  ]) {
    await checkPage(page, path);
  }
  for (const path of ["/u/alice", "/u/alice?tab=replies", "/u/alice?tab=activity", "/categories", "/tags", "/api-docs"]) {
    await checkPage(page, path);
  }
  await checkPage(page, "/u/no-such-member", 404);
  await checkPage(page, "/posts/999999999", 404);
  await checkPage(page, "/no-such-page", 404);
});

test("signed-in pages are accessible", async ({ page, request }) => {
  await signIn(page, "alice");
  const posts: { id: number; author: { username: string } }[] = await (await request.get("/api/posts?pageSize=50")).json();
  const own = posts.find((x) => x.author.username === "alice") ?? posts[0]!;
  await checkPage(page, "/");
  await checkPage(page, "/new");
  await checkPage(page, "/settings/email");
  await checkPage(page, "/settings/profile");
  await checkPage(page, "/settings/notifications");
  await checkPage(page, "/u/alice");
  await checkPage(page, `/posts/${own.id}`);
  if (own.author.username === "alice") await checkPage(page, `/posts/${own.id}/edit`);

  // Keyboard: the skip link is the first stop and targets main.
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
});

test("the admin mail pages are accessible", async ({ page }) => {
  await signIn(page, "admin");
  await checkPage(page, "/admin/mail");
  const first = page.getByTestId("mail-table").getByRole("link").first();
  if (await first.count()) {
    await first.click();
    await expect(page.getByTestId("mail-text")).toBeVisible();
    await checkPage(page, new URL(page.url()).pathname);
  }
});
