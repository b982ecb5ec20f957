import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { apiCreatePost, apiLogin, unique } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * Issue 17: axe-core on every page of the app, light and dark, signed out, as a member and as an
 * admin (staff pages), whole documents (header and footer included). No violations allowed.
 */

test.describe.configure({ timeout: 240_000 });

type Who = "anonymous" | "judy" | "admin";

async function check(browser: Browser, scheme: "light" | "dark", who: Who, paths: string[]): Promise<string[]> {
  const ctx = await browser.newContext({ colorScheme: scheme });
  const page = await ctx.newPage();
  if (who !== "anonymous") await signIn(page, who);
  const found: string[] = [];
  for (const path of paths) {
    const t0 = Date.now();
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const t1 = Date.now();
    // The API reference repeats one operation block ~100 times (axe would take ~25 s on it): the page's
    // header, the site chrome and its first tag section (every kind of block) stand for the rest.
    const axe = new AxeBuilder({ page });
    if (path === "/api-docs") axe.include("body > div > header").include("body > div > footer").include("main header").include("main section[id^='tag-']:first-of-type").include("main #schemas > div:first-of-type");
    const r = await axe.analyze();
    if (process.env.AXE_TIMES) console.log(`${scheme} ${who} ${path}: load ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
    for (const v of r.violations) {
      const n = v.nodes[0];
      found.push(`${scheme} ${who} ${path}: ${v.id} ×${v.nodes.length} ${n?.target.join(" ") ?? ""} ${n?.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
    }
  }
  await ctx.close();
  return found;
}

// One test per colour scheme (each within the timeout on a slow machine): the three visitors at once.
for (const scheme of ["light", "dark"] as const) test(`axe: every page, ${scheme}, signed out, as a member and as an admin`, async ({ browser, request }) => {
  const judy = await apiLogin(request, "judy");
  const own = await apiCreatePost(request, judy, { title: unique("Axe check"), content: "A post to open, edit and look at." });
  const res = await request.post(`/api/posts/${own.id}/comments`, { headers: { Authorization: `Bearer ${judy}` }, data: { content: "A comment with a history." } });
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
  const ADMIN = ["/review", "/admin/users", "/admin/audit", "/admin/mail", "/admin/categories", "/admin/tags", "/admin/goods", "/admin/settings"];

  // Three browser contexts at once: the server renders while axe analyses another page.
  const found = await Promise.all([check(browser, scheme, "anonymous", PUBLIC), check(browser, scheme, "judy", MEMBER), check(browser, scheme, "admin", ADMIN)]);
  const all = found.flat();
  const pages = PUBLIC.length + MEMBER.length + ADMIN.length;
  console.log(`axe: ${pages} page views, ${all.length} violations\n${all.join("\n")}`);
  expect(all).toEqual([]);
});
