import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./pages/session";
import { WIDTHS } from "./pages/shots";

/**
 * A visitor's document carries only the messages its client components can show to someone signed out
 * (components/i18n/client-messages.tsx leaves the member-only ones out, and each area sends its own):
 * every public page, read anonymously in both languages and with its hover cards and menus opened,
 * shows no message key in place of a text and logs no missing message.
 */

const NAMESPACES = [
  ...new Set(
    readdirSync(path.join(process.cwd(), "messages/en")).flatMap((f) =>
      Object.keys(JSON.parse(readFileSync(path.join(process.cwd(), "messages/en", f), "utf8")) as object),
    ),
  ),
];
/** next-intl's fallback for a missing message is its path, "Namespace.key". */
const KEY_IN_TEXT = new RegExp(`\\b(${NAMESPACES.join("|")})\\.[a-zA-Z]`);

type Post = { id: number; type: string; category: { id: number }; tags: { id: number }[] };

async function watch(page: Page) {
  const missing: string[] = [];
  page.on("console", (m) => {
    if (/MISSING_MESSAGE|No messages for namespace/.test(m.text())) missing.push(`${page.url()}: ${m.text()}`);
  });
  return missing;
}

async function noKeys(page: Page, what: string) {
  await expect(page).toHaveTitle(/\S/);
  const text = await page.locator("body").textContent();
  expect(text?.match(KEY_IN_TEXT)?.[0] ?? null, `${what}: a message key shown instead of its text`).toBeNull();
}

for (const [locale, lang] of [
  ["en-US", "en"],
  ["zh-CN", "zh-CN"],
] as const) {
  for (const size of WIDTHS) {
    test.describe(`${lang} at ${size.width} px`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale });

      test(`public pages read anonymously have every message`, async ({ page, request }) => {
        test.setTimeout(120_000);
        const missing = await watch(page);
        const posts = (await (await request.get("/api/posts?pageSize=100")).json()) as Post[];
        const normal = posts.find((p) => p.type === "NORMAL")!;
        const poll = posts.find((p) => p.type === "POLL")!;
        const lottery = posts.find((p) => p.type === "LOTTERY")!;
        const tag = posts.find((p) => p.tags.length > 0)!.tags[0]!.id;
        const pages = [
          "/",
          "/?tab=following",
          `/posts/${normal.id}`,
          `/posts/${poll.id}`,
          `/posts/${lottery.id}`,
          `/posts/${normal.id}/history`,
          `/c/${normal.category.id}`,
          `/t/${tag}`,
          "/u/alice",
          "/search?q=lens",
          "/search?q=zzqx-nothing",
          "/categories",
          "/tags",
          "/login",
          "/register",
          "/no-such-page",
        ];
        for (const url of pages) {
          await page.goto(url);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await noKeys(page, url);
        }

        // What opens on the public pages: a person's card (with Follow and Message for a visitor), the phone menu.
        await page.goto(`/posts/${normal.id}`);
        if (size.width >= 768) {
          // The author's name: its card (desktop only) opens on focus as on hover.
          await page.locator("a", { has: page.getByTestId("post-author") }).focus();
          await expect(page.getByTestId("user-card").first()).toBeVisible();
          await noKeys(page, "a person's card");
        }
        if (size.width < 640) {
          await page.getByRole("button", { name: lang === "en" ? "Menu" : "菜单" }).click();
          await noKeys(page, "the phone menu");
        }
        expect(missing).toEqual([]);
      });
    });
  }
}

test("signing in from a visitor's page brings the member's messages without a reload", async ({ page }) => {
  const missing = await watch(page);
  // The visitor's documents (home, then the sign-in page) carry no member-only messages; the sign-in
  // redirect is a client navigation, whose render must send them.
  await page.goto("/");
  await signIn(page, "alice");
  await page.getByTestId("unread-count").click();
  await expect(page.getByTestId("notification-dropdown")).toBeVisible();
  await noKeys(page, "the notification dropdown after signing in");
  expect(await page.getByTestId("unread-count").getAttribute("aria-label")).not.toMatch(KEY_IN_TEXT);
  expect(missing).toEqual([]);
});
