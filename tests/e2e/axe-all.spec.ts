import { expect, test, type Browser } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/**
 * axe-core on every page of the app, light and dark, signed out, as a member and as an
 * admin (staff pages), whole documents (header and footer included). No violations allowed. Each page
 * is loaded once and checked in both themes (pages/axe.ts).
 */

test.describe.configure({ timeout: 300_000 });

type Who = "anonymous" | "judy" | "admin";

async function check(browser: Browser, who: Who, paths: string[]): Promise<string[]> {
  const ctx = await browser.newContext({ colorScheme: "light" });
  const page = await ctx.newPage();
  if (who !== "anonymous") await signIn(page, who);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    // The API reference repeats one operation block ~100 times (axe would take ~25 s on it): the page's
    // header, the site chrome and its first tag section (every kind of block) stand for the rest.
    const scope =
      path === "/api-docs"
        ? [
            "body > div > header",
            "body > div > footer",
            "main header",
            "main section[id^='tag-']:first-of-type",
            "main #schemas > div:first-of-type",
          ]
        : [];
    found.push(...(await axeLightAndDark(page, `${who} ${path}`, scope)));
  }
  await ctx.close();
  return found;
}

// The three visitors at once, each page in both colour schemes.
test("axe: every page, light and dark, signed out, as a member and as an admin", async ({ browser, request }) => {
  const judy = await apiLogin(request, "judy");
  const own = await apiCreatePost(request, judy, { title: unique("Axe check"), content: "A post to open, edit and look at." });
  const res = await request.post(`/api/posts/${own.id}/comments`, {
    headers: { Authorization: `Bearer ${judy}` },
    data: { content: "A comment with a history." },
  });
  expect(res.status()).toBe(201);
  const comment = (await res.json()) as { id: number };
  const cat = ((await (await request.get("/api/categories")).json()) as { id: number }[])[0]!;
  const tag = ((await (await request.get("/api/tags?pageSize=1")).json()) as { id: number }[])[0]!;
  const busy = ((await (await request.get("/api/posts?pageSize=1")).json()) as { id: number }[])[0]!;

  const PUBLIC = [
    "/",
    "/categories",
    "/tags",
    `/c/${cat.id}`,
    `/t/${tag.id}`,
    `/posts/${busy.id}`,
    `/posts/${own.id}/history`,
    `/posts/${own.id}/comments/${comment.id}/history`,
    "/u/alice",
    "/u/alice?tab=replies",
    "/u/alice?tab=activity",
    "/search?q=lens",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-token",
    "/api-docs",
    "/no-such-page",
  ];
  const MEMBER = [
    "/",
    `/posts/${own.id}`,
    "/new",
    `/posts/${own.id}/edit`,
    "/notifications",
    "/points",
    "/u/judy",
    "/search?q=lens",
    "/settings/profile",
    "/settings/email",
    "/settings/notifications",
    "/settings/password",
    "/settings/sessions",
    "/settings/tokens",
  ];
  const ADMIN = [
    "/review",
    "/admin/users",
    "/admin/audit",
    "/admin/mail",
    "/admin/categories",
    "/admin/tags",
    "/admin/groups",
    "/admin/goods",
    "/admin/settings",
  ];

  // Three browser contexts at once: the server renders while axe analyses another page.
  const found = await Promise.all([check(browser, "anonymous", PUBLIC), check(browser, "judy", MEMBER), check(browser, "admin", ADMIN)]);
  const all = found.flat();
  const pages = PUBLIC.length + MEMBER.length + ADMIN.length;
  console.log(`axe: ${pages} page views, each light and dark, ${all.length} violations\n${all.join("\n")}`);
  expect(all).toEqual([]);
});
