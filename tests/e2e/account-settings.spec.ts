import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiCreatePost, apiLogin, firstCategory, unique } from "./pages/api";
import { axeLightAndDark } from "./pages/axe";
import { signIn } from "./pages/session";

/**
 * Account settings, round two, clicked through as a member would: a display name
 * shown beside the username, a username change the admin allows (the old profile address follows), an
 * address change confirmed with the code mailed to the new address, and watching and muting a category
 * and a tag (a notification for a watched one's new post; the muted one's posts gone from the home list).
 */

const SHOTS = "test-results/shots-settings";
mkdirSync(SHOTS, { recursive: true });
const mailDir = path.resolve(process.env.E2E_DATA_DIR || "./data-e2e", "mail");

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** A new member (registered through the API) signed in through the login page. */
async function newMember(
  page: Page,
  request: APIRequestContext,
  prefix: string,
): Promise<{ username: string; email: string; token: string }> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${username}@example.test`;
  const res = await request.post("/api/auth/register", { data: { username, email, password: "demo-password" } });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, username);
  return { username, email, token: (await res.json()).token };
}

async function setRenames(request: APIRequestContext, days: number | null) {
  const admin = await apiLogin(request, "admin");
  const res = await request.put("/api/admin/config", { headers: { authorization: `Bearer ${admin}` }, data: { usernameChangeDays: days } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The newest mail to `to` whose subject matches (the e2e server writes every mail as an .eml file). */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  let found = "";
  await expect(async () => {
    const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    const hits = files
      .map((f) => readFileSync(path.join(mailDir, f), "utf8"))
      .filter((m) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im").test(m) && subject.test(m));
    expect(hits.length).toBeGreaterThan(0);
    found = hits[hits.length - 1]!;
  }).toPass({ timeout: 30_000 });
  return found;
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("display name beside the username; a username change the admin allows, the old address following", async ({ page, request }) => {
      await setRenames(request, 0);
      const m = await newMember(page, request, `dn${vp.name.slice(0, 1)}`);
      await page.goto("/settings");
      // The tab keeps a title through a client navigation and while a save refreshes the page: the
      // document's title is recorded after every change in the head (a <title> added or removed, its
      // text changed), and no instant is left without one. An axe audit in CI landed in such a gap twice:
      // streamed metadata (next.config.base.ts, htmlLimitedBots), then optimistic routing, which rendered
      // a navigation's new head empty first and the real one 10-30 ms later (optimisticRouting).
      await page.evaluate(() => {
        const w = window as unknown as { titles: string[] };
        w.titles = [];
        const isTitle = (n: Node) => n.nodeName === "TITLE";
        new MutationObserver((records) => {
          if (
            records.some(
              (r) => isTitle(r.target) || r.target.parentNode?.nodeName === "TITLE" || [...r.addedNodes, ...r.removedNodes].some(isTitle),
            )
          )
            w.titles.push(document.title);
        }).observe(document.head, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole("link", { name: "Account" }).click();
      await page.waitForURL("**/settings/account");
      await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/Account/);

      await page.getByLabel("Name shown beside your username").fill("Grace Hopper");
      await page.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Display name saved." })).toBeVisible();
      const titles = () => page.evaluate(() => (window as unknown as { titles: string[] }).titles);
      // Two replacements at least: the navigation's and the refresh's.
      await expect.poll(async () => (await titles()).filter((t) => /Account/.test(t)).length).toBeGreaterThan(1);
      expect((await titles()).filter((t) => !/Settings|Account/i.test(t))).toEqual([]);
      await page.mouse.move(0, 0);
      expect(await axeLightAndDark(page, `account settings ${vp.name}`)).toEqual([]);
      await shots(page, `account-${vp.name}`);

      // Shown beside the name on the profile and on the member's post.
      await page.goto(`/u/${m.username}`);
      await expect(page.getByTestId("profile-display-name")).toHaveText("Grace Hopper");
      const post = await apiCreatePost(request, m.token, { title: unique("Named author") });
      await page.goto(`/posts/${post.id}`);
      await expect(page.getByTestId("post-author")).toContainText("Grace Hopper");
      await shots(page, `post-author-${vp.name}`);

      // Rename (allowed at any time here); the old profile address moves to the new one.
      await page.goto("/settings/account");
      const renamed = `${m.username}x`;
      await page.getByRole("textbox", { name: "Username", exact: true }).fill(renamed);
      await page.getByRole("button", { name: "Change username" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Your username is now ${renamed}` })).toBeVisible();
      await expect(page.getByText(`${m.username} until`)).toBeVisible();
      const res = await request.get(`/u/${m.username}`, { maxRedirects: 0 });
      expect([301, 308]).toContain(res.status());
      expect(res.headers().location).toContain(`/u/${renamed}`);
      await page.goto(`/u/${m.username}`);
      await page.waitForURL(`**/u/${renamed}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(renamed);

      // The admin turns renames off: the form says so, and the API refuses.
      await setRenames(request, null);
      await page.goto("/settings/account");
      await expect(page.getByText("Username changes are turned off on this forum.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Change username" })).toHaveCount(0);
      const refused = await request.put("/api/users/me", {
        headers: { authorization: `Bearer ${m.token}` },
        data: { username: `${m.username}y` },
      });
      expect(refused.status()).toBe(403);
      await setRenames(request, 30);
    });

    test("email change: the code mailed to the new address confirms it; a wrong code is refused; the old address is told", async ({
      page,
      request,
    }) => {
      const m = await newMember(page, request, `em${vp.name.slice(0, 1)}`);
      const next = `new.${m.email}`;
      await page.goto("/settings/account");
      await page.getByLabel("New address").fill(next);
      await page.getByLabel("Your current password").fill("wrong-password");
      await page.getByRole("button", { name: "Send a code to the new address" }).click();
      await expect(page.getByText("The password is wrong")).toBeVisible();
      await page.getByLabel("Your current password").fill("demo-password");
      await page.getByRole("button", { name: "Send a code to the new address" }).click();
      await expect(page.getByTestId("pending-email")).toHaveText(next);
      await expect(page.getByTestId("current-email")).toHaveText(m.email);

      const mail = await mailTo(next, /Confirm your new Forum address/);
      const code = /address: (\d{6})/.exec(mail)![1]!;
      await page.getByLabel("Code from the mail").fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Confirm new address" }).click();
      await expect(page.getByText("This code is wrong or has expired")).toBeVisible();
      await expect(page.getByTestId("current-email")).toHaveText(m.email);
      await page.mouse.move(0, 0);
      expect(await axeLightAndDark(page, `email change ${vp.name}`)).toEqual([]);
      await shots(page, `email-pending-${vp.name}`);

      // The link from the mail fills the code in.
      await page.goto(`/settings/account?code=${code}`);
      await expect(page.getByLabel("Code from the mail")).toHaveValue(code);
      await page.getByRole("button", { name: "Confirm new address" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Your address is now ${next}` })).toBeVisible();
      await expect(page.getByTestId("current-email")).toHaveText(next);
      const notice = await mailTo(m.email, /address was changed/);
      expect(notice).toContain(next);
    });

    test("watch a category, mute a tag: notified of the watched one's new post, the muted one's posts gone from the home list only", async ({
      page,
      request,
    }) => {
      await newMember(page, request, `wa${vp.name.slice(0, 1)}`);
      const alice = await apiLogin(request, "alice");
      const cat = await firstCategory(request);
      const tagRes = await request.post("/api/tags", {
        headers: { authorization: `Bearer ${await apiLogin(request, "admin")}` },
        data: { name: `mute${Date.now().toString(36)}`, description: "for muting" },
      });
      expect(tagRes.status(), await tagRes.text()).toBeLessThan(300);
      const tag = (await tagRes.json()) as { id: number; name: string };

      await page.goto(`/c/${cat.id}`);
      const watch = page.getByRole("group", { name: `Notifications for ${cat.name}` }).getByRole("button", { name: "Watch" });
      await expect(watch).toHaveAttribute("aria-pressed", "false");
      await watch.click();
      await expect(watch).toHaveAttribute("aria-pressed", "true");
      await page.mouse.move(0, 0);
      expect(await axeLightAndDark(page, `category watch ${vp.name}`)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, `category-watch-${vp.name}`);

      await page.goto(`/t/${tag.id}`);
      const mute = page.getByRole("group", { name: `Notifications for #${tag.name}` }).getByRole("button", { name: "Mute" });
      await mute.click();
      await expect(mute).toHaveAttribute("aria-pressed", "true");

      await page.goto("/settings/watching");
      const rows = page.getByTestId("watch-row");
      await expect(rows.filter({ hasText: cat.name }).getByRole("button", { name: "Watch" })).toHaveAttribute("aria-pressed", "true");
      await expect(rows.filter({ hasText: tag.name }).getByRole("button", { name: "Mute" })).toHaveAttribute("aria-pressed", "true");
      await page.mouse.move(0, 0);
      expect(await axeLightAndDark(page, `watching settings ${vp.name}`)).toEqual([]);
      await shots(page, `watching-${vp.name}`);

      // alice posts in the watched category: the member is notified.
      const watched = await apiCreatePost(request, alice, { title: unique("For the watchers") });
      await page.goto("/notifications");
      await expect(page.getByText(`posted in ${cat.name}, which you watch`).first()).toBeVisible();
      await expect(page.getByRole("link", { name: watched.title }).first()).toBeVisible();

      // A post with the muted tag: not on the member's home list, still on anyone else's and on the tag page.
      const res = await request.post("/api/posts", {
        headers: { authorization: `Bearer ${alice}` },
        data: { title: unique("Muted news"), content: "Posted with a muted tag.", categoryId: cat.id, tagIds: [tag.id] },
      });
      expect(res.status(), await res.text()).toBe(201);
      const muted = (await res.json()) as { id: number; title: string };
      await page.goto("/");
      await expect(page.getByRole("link", { name: watched.title })).toBeVisible();
      await expect(page.getByTestId("muted-note")).toBeVisible();
      await expect(page.getByRole("link", { name: muted.title })).toHaveCount(0);
      await shots(page, `home-muted-${vp.name}`);
      await page.goto(`/t/${tag.id}`);
      await expect(page.getByRole("link", { name: muted.title })).toBeVisible();
      const anon = await page.context().browser()!.newContext();
      const other = await anon.newPage();
      await other.goto("/");
      await expect(other.getByRole("link", { name: muted.title })).toBeVisible();
      await anon.close();

      // Back to normal from the settings list.
      await page.goto("/settings/watching");
      await rows.filter({ hasText: tag.name }).getByRole("button", { name: "Normal" }).click();
      await expect(rows.filter({ hasText: tag.name }).getByRole("button", { name: "Normal" })).toHaveAttribute("aria-pressed", "true");
      await page.goto("/");
      await expect(page.getByRole("link", { name: muted.title })).toBeVisible();
    });
  });
}
