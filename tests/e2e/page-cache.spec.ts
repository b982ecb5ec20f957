import http from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiCreatePost, apiLogin, firstCategory, unique } from "./pages/api";
import { signIn } from "./pages/session";

/**
 * The page cache (lib/front/page-cache.ts, contract in lib/cache/README.md): anonymous views of
 * the public pages are served without rendering while nothing has changed, and a committed write is on
 * the very next load (a hot list page: once its render after the write is stored).
 */

const CACHE = "x-forum-cache";

async function anonymousGet(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { cookie: "" } });
  return {
    status: res.status(),
    hit: res.headers()[CACHE] === "hit",
    html: await res.text(),
    csp: res.headers()["content-security-policy"] ?? "",
  };
}

/** Loads until the page comes from the cache (the first load after any write renders and stores it). */
async function warm(request: APIRequestContext, path: string) {
  for (let i = 0; i < 5; i++) if ((await anonymousGet(request, path)).hit) return;
  throw new Error(`${path} never came from the cache`);
}

test("an unchanged public page is served from the cache, with the same scripts allowed by its CSP", async ({ request }) => {
  const first = await anonymousGet(request, "/");
  await warm(request, "/");
  const again = await anonymousGet(request, "/");
  expect(again.hit).toBe(true);
  expect(again.status).toBe(200);
  expect(again.csp).toContain("script-src 'self' 'sha256-");
  expect(again.csp).not.toContain("unsafe-inline'; style"); // scripts: hashes only
  expect(again.html).toContain("Discussions");
  expect(first.status).toBe(200);
});

/** A GET as sent on the wire (Playwright's request context would decode it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding, "sec-fetch-dest": "document" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("a cached page goes gzipped to a browser that accepts gzip, and as HTML to one that does not: the same document", async ({
  request,
  baseURL,
}) => {
  await warm(request, "/");
  const zipped = await rawGet(`${baseURL}/`, "gzip, deflate, br");
  expect(zipped.headers[CACHE]).toBe("hit");
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.headers["vary"]).toMatch(/rsc/i);
  expect(zipped.headers["vary"]).toMatch(/accept-encoding/i);
  expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
  expect(zipped.headers["cache-control"] ?? "").not.toContain("no-transform");
  for (const plainAsk of ["identity", "gzip;q=0, deflate"]) {
    const plain = await rawGet(`${baseURL}/`, plainAsk);
    expect(plain.headers[CACHE]).toBe("hit");
    expect(plain.headers["content-encoding"] ?? "identity").not.toBe("gzip");
    if (!plain.headers["content-encoding"]) {
      expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
      expect(plain.headers["content-security-policy"]).toBe(zipped.headers["content-security-policy"]);
      expect(plain.headers["cache-control"]).toBe(zipped.headers["cache-control"]);
    }
  }
  expect(gunzipSync(zipped.body).toString()).toContain("Discussions");
});

test("a cached page is answered with the head of the page as it was rendered: security headers, type, CSP", async ({ baseURL }) => {
  const url = `${baseURL}/?probe=${unique("head").replace(/\W/g, "")}`; // a URL nobody has asked for yet: rendered
  const rendered = await rawGet(url, "identity");
  expect(rendered.headers[CACHE]).toBeUndefined();
  const hit = await rawGet(url, "identity");
  expect(hit.headers[CACHE]).toBe("hit");
  for (const name of [
    "content-type",
    "cache-control",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "link",
    "content-security-policy",
  ]) {
    expect(rendered.headers[name], name).toBeTruthy();
    expect(hit.headers[name], name).toBe(rendered.headers[name]);
  }
  const varies = (v: string | undefined) => new Set((v ?? "").toLowerCase().split(/,\s*/));
  expect(varies(hit.headers["vary"])).toEqual(new Set([...varies(rendered.headers["vary"]), "accept-encoding"]));
  expect(hit.headers["set-cookie"]).toBeUndefined();
  expect(hit.body.toString()).toBe(rendered.body.toString());
});

test("a client navigation or refresh (an RSC request) is never answered with a cached document", async ({ page, request }) => {
  const token = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, token, { title: unique("Navigated to") });
  await warm(request, "/");
  await warm(request, `/posts/${post.id}`);
  for (const headers of [{ RSC: "1" }, { RSC: "1", "sec-fetch-dest": "empty" }] as Record<string, string>[]) {
    const res = await request.get(`/posts/${post.id}?_rsc=x1`, { headers: { cookie: "", ...headers } });
    expect(res.headers()[CACHE]).toBeUndefined();
    expect(res.headers()["content-type"]).toContain("text/x-component");
  }
  // Asked for by its search parameter alone (a cache-busting `_rsc`, with or without a value), it is
  // not the cached document either.
  for (const query of ["?_rsc=x2", "?_rsc", "?a=1&_rsc"]) {
    for (let i = 0; i < 2; i++) {
      const res = await request.get(`/posts/${post.id}${query}`, { headers: { cookie: "" } });
      expect(res.headers()[CACHE], query).toBeUndefined();
    }
  }
  // In the browser: the home page from the cache, then a click on the post is a client navigation
  // (no second document), which shows the post.
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.getByRole("link", { name: post.title }).click();
  await expect(page.getByRole("heading", { name: post.title })).toBeVisible();
  expect(documents).toEqual(["/"]);
});

test("a new comment is on the next anonymous load of its post page, and a new post on the home page", async ({ request }) => {
  const token = await apiLogin(request, "bob");
  const post = await apiCreatePost(request, token, { title: unique("Cache target") });
  const path = `/posts/${post.id}`;
  // The home page at a URL no other test makes hot (a hot list page is rendered after a write instead:
  // the last test of this file).
  const home = `/?fresh=${unique("home").replace(/\W/g, "")}`;
  await warm(request, path);
  await warm(request, home);

  const text = unique("Fresh comment");
  const c = await request.post(`${path}/comments`.replace("/posts", "/api/posts"), {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: text },
  });
  expect(c.status()).toBe(201);
  const after = await anonymousGet(request, path);
  expect(after.hit).toBe(false);
  expect(after.html).toContain(text);

  const other = await apiCreatePost(request, token, { title: unique("Newest on home") });
  const next = await anonymousGet(request, home);
  expect(next.hit).toBe(false);
  expect(next.html).toContain(other.title);
});

test("a comment on one post keeps every other post's cached page; a member's profile change renders them all again", async ({
  request,
}) => {
  const token = await apiLogin(request, "dave");
  const a = await apiCreatePost(request, token, { title: unique("Commented on") });
  const b = await apiCreatePost(request, token, { title: unique("Left alone") });
  await warm(request, `/posts/${a.id}`);
  await warm(request, `/posts/${b.id}`);

  const text = unique("Only on A");
  const c = await request.post(`/api/posts/${a.id}/comments`, { headers: { Authorization: `Bearer ${token}` }, data: { content: text } });
  expect(c.status()).toBe(201);
  const pageA = await anonymousGet(request, `/posts/${a.id}`);
  expect(pageA.hit).toBe(false);
  expect(pageA.html).toContain(text);
  const pageB = await anonymousGet(request, `/posts/${b.id}`);
  expect(pageB.hit).toBe(true);
  expect(pageB.html).toContain(b.title);

  // A change to a member's profile may be to what shows beside their name on every page.
  await warm(request, `/posts/${b.id}`);
  const put = await request.put("/api/users/me", {
    headers: { Authorization: `Bearer ${token}` },
    data: { introduction: unique("intro") },
  });
  expect(put.status()).toBe(200);
  expect((await anonymousGet(request, `/posts/${b.id}`)).hit).toBe(false);
});

test("a reaction keeps the cached lists and profiles that cannot show its post", async ({ request }) => {
  const dave = await apiLogin(request, "dave");
  const bob = await apiLogin(request, "bob");
  const cats = (await (await request.get("/api/categories")).json()) as { id: number }[];
  const post = await apiCreatePost(request, dave, { title: unique("Reacted to"), categoryId: cats[0]!.id });
  const elsewhere = [`/c/${cats[1]!.id}`, "/u/grace"];
  const around = [`/c/${cats[0]!.id}`, "/", "/u/dave", "/u/bob"];
  for (const path of [...elsewhere, ...around]) await warm(request, path);

  const r = await request.post(`/api/posts/${post.id}/reactions`, { headers: { Authorization: `Bearer ${bob}` }, data: { type: "LIKE" } });
  expect(r.status()).toBe(200);
  for (const path of elsewhere) expect((await anonymousGet(request, path)).hit, path).toBe(true);
  for (const path of around) expect((await anonymousGet(request, path)).hit, path).toBe(false);
});

test("visitors arriving together after a write share one render, and every one of them sees the write", async ({ request }) => {
  const token = await apiLogin(request, "carol");
  const post = await apiCreatePost(request, token, { title: unique("Crowd target") });
  const path = `/posts/${post.id}`;
  await warm(request, path);
  const text = unique("Seen by the crowd");
  const c = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: text },
  });
  expect(c.status()).toBe(201);
  const crowd = await Promise.all(Array.from({ length: 12 }, () => anonymousGet(request, path)));
  for (const r of crowd) {
    expect(r.status).toBe(200);
    expect(r.html).toContain(text);
  }
  // One of them rendered; the others were handed its document (or, if they came after it, the cache's).
  expect(crowd.filter((r) => r.hit).length).toBeGreaterThanOrEqual(11);
});

test("a private post never reaches a cached page; members share a list page that holds nothing of theirs", async ({ browser, request }) => {
  const alice = await apiLogin(request, "alice");
  const secret = await apiCreatePost(request, alice, { title: unique("Alice only"), visibleScope: "ONLY_ME" });
  const members = await apiCreatePost(request, alice, { title: unique("Members only"), visibleScope: "ONLY_REGISTER" });
  await warm(request, "/");
  const home = await anonymousGet(request, "/");
  expect(home.html).not.toContain(secret.title);
  expect(home.html).not.toContain(members.title);
  expect((await anonymousGet(request, `/posts/${secret.id}`)).status).toBe(404);

  // Bob and Carol get the members' page, the second of them from the cache: the members-only post,
  // never Alice's private one, and each one's own header, filled in by the browser.
  const seen: boolean[] = [];
  for (const name of ["bob", "carol"]) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, name);
    for (let i = 0; i < 2; i++) {
      const res = await page.goto("/");
      seen.push(res?.headers()[CACHE] === "hit");
      const html = (await res?.text()) ?? "";
      expect(html).not.toContain(secret.title);
      expect(html).not.toContain(`Your profile (${name})`); // the document is every member's
      await expect(page.getByRole("link", { name: `Your profile (${name})` })).toBeVisible();
      await expect(page.getByRole("link", { name: members.title })).toBeVisible();
      await expect(page.getByText(secret.title)).toHaveCount(0);
    }
    await ctx.close();
  }
  expect(seen.slice(1)).toContain(true);

  // Alice has a private post, so her list is hers alone: it has it, from her own cache entry.
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "alice");
  await page.goto("/");
  const again = await page.goto("/");
  expect(again?.headers()[CACHE]).toBe("hit");
  await expect(page.getByRole("link", { name: secret.title })).toBeVisible();
  await ctx.close();
});

test("a member's unread marks on a cached list page are their own", async ({ browser, request }) => {
  const erin = await apiLogin(request, "erin");
  const post = await apiCreatePost(request, erin, { title: unique("Marks on a cached page") });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "frank");
  await page.goto(`/posts/${post.id}`); // frank reads it
  await expect(page.getByTestId("post-content")).toBeVisible();
  await expect(page.getByRole("link", { name: "Your profile (frank)" })).toBeVisible();
  // Wait until his read is recorded (his reading history lists the post), then he leaves the post: a reply
  // that arrives live on an open post page is shown there and counts as read (LivePostUpdates), which is
  // not what this test is about.
  const frank = await apiLogin(request, "frank");
  await expect
    .poll(async () => {
      const r = await request.get("/api/users/frank/read-posts?limit=50", { headers: { Authorization: `Bearer ${frank}` } });
      return ((await r.json()) as { post: { id: number } }[]).some((e) => e.post.id === post.id);
    })
    .toBe(true);
  await page.goto("about:blank");
  const reply = await request.post(`/api/posts/${post.id}/comments`, {
    headers: { Authorization: `Bearer ${erin}` },
    data: { content: "news for frank" },
  });
  expect(reply.status()).toBe(201);
  await page.goto("/");
  const res = await page.goto("/");
  expect(res?.headers()[CACHE]).toBe("hit");
  await expect(page.getByTestId("post-card").filter({ hasText: post.title }).getByTestId("post-unread")).toHaveText("1 new");
  // Another member, who never opened it, has no such mark on the same cached document.
  const other = await browser.newContext();
  const p2 = await other.newPage();
  await signIn(p2, "grace");
  await p2.goto("/");
  await expect(p2.getByTestId("post-card").filter({ hasText: post.title })).toBeVisible();
  await expect(p2.getByTestId("post-card").filter({ hasText: post.title }).getByTestId("post-unread")).toHaveCount(0);
  await other.close();
  await ctx.close();
});

test("members share a post page: each gets their own vote, subscription, comment rights and counted view", async ({ browser, request }) => {
  const erin = await apiLogin(request, "erin");
  const bob = await apiLogin(request, "bob");
  const endTime = new Date(Date.now() + 3_600_000).toISOString();
  const post = await apiCreatePost(request, erin, {
    title: unique("Shared post page"),
    type: "POLL",
    poll: { options: ["tea", "coffee"], multiple: false, endTime },
  });
  const api = (path: string, token: string, data?: unknown) => request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect((await api(`/api/posts/${post.id}/poll/vote`, bob, { options: ["coffee"] })).ok()).toBe(true);
  expect((await api(`/api/subscriptions/posts/${post.id}`, bob)).ok()).toBe(true);
  const bobsComment = unique("Bob says");
  expect((await api(`/api/posts/${post.id}/comments`, bob, { content: bobsComment })).status()).toBe(201);
  const path = `/posts/${post.id}`;

  // Bob, then Carol, on the same cached document: neither's name in it, each their own part.
  const bobCtx = await browser.newContext();
  const bobPage = await bobCtx.newPage();
  await signIn(bobPage, "bob");
  await bobPage.goto(path);
  const again = await bobPage.goto(path);
  expect(again?.headers()[CACHE]).toBe("hit");
  expect(await again?.text()).not.toContain("Your profile (bob)");
  await expect(bobPage.getByRole("link", { name: "Your profile (bob)" })).toBeVisible();
  await expect(bobPage.getByText("(your vote)")).toBeVisible();
  await expect(bobPage.getByRole("button", { name: "Subscribed" })).toBeVisible();
  const bobsRow = bobPage.getByTestId("comment").filter({ hasText: bobsComment });
  await expect(bobsRow.getByRole("button", { name: "Delete" })).toBeVisible();

  const views = async () => {
    const r = await request.get(`/api/posts/${post.id}`, { headers: { Authorization: `Bearer ${erin}` } });
    return ((await r.json()) as { views: number }).views;
  };
  await views(); // Erin's own view, counted once
  const viewsBefore = await views();
  const carolCtx = await browser.newContext();
  const carol = await carolCtx.newPage();
  await signIn(carol, "carol");
  const res = await carol.goto(path);
  expect(res?.headers()[CACHE]).toBe("hit");
  await expect(carol.getByRole("link", { name: "Your profile (carol)" })).toBeVisible();
  await expect(carol.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(carol.getByRole("button", { name: "Vote" })).toBeVisible();
  await expect(carol.getByText("(your vote)")).toHaveCount(0);
  const rowForCarol = carol.getByTestId("comment").filter({ hasText: bobsComment });
  await expect(rowForCarol).toBeVisible();
  await expect(rowForCarol.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // Carol's view counts (one more view of the post once her page is shown), and her comment from the
  // shared page lands.
  await expect.poll(views).toBe(viewsBefore + 1);
  const carolsComment = unique("Carol answers");
  await carol.getByLabel("Write a comment").fill(carolsComment);
  await carol.getByRole("button", { name: "Post comment" }).click();
  const carolsRow = carol.getByTestId("comment").filter({ hasText: carolsComment });
  await expect(carolsRow.getByRole("button", { name: "Delete" })).toBeVisible();

  // Erin's own post page is rendered for her (she may edit it), never the shared one.
  const erinCtx = await browser.newContext();
  const erinPage = await erinCtx.newPage();
  await signIn(erinPage, "erin");
  for (let i = 0; i < 2; i++) expect((await erinPage.goto(path))?.headers()[CACHE]).toBeUndefined();
  await expect(erinPage.getByRole("link", { name: "Your profile (erin)" })).toBeVisible();
  await Promise.all([bobCtx.close(), carolCtx.close(), erinCtx.close()]);
});

test("members share another member's profile page; their own is rendered for them", async ({ browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "grace");
  await page.goto("/u/dave");
  const res = await page.goto("/u/dave");
  expect(res?.headers()[CACHE]).toBe("hit");
  expect(await res?.text()).not.toContain("Your profile (grace)");
  await expect(page.getByRole("link", { name: "Your profile (grace)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "dave" })).toBeVisible();
  for (const own of ["/u/grace", "/u/GRACE"]) {
    await page.goto(own);
    expect((await page.goto(own))?.headers()[CACHE]).toBeUndefined();
  }
  await expect(page.getByRole("link", { name: "Your profile (grace)" })).toBeVisible();
  await ctx.close();
});

test("a markdown preview invalidates no cached page", async ({ request }) => {
  const token = await apiLogin(request, "carol");
  await warm(request, "/");
  const r = await request.post("/api/markdown/preview", {
    headers: { Authorization: `Bearer ${token}` },
    data: { markdown: "**typing…**" },
  });
  expect(r.status()).toBe(200);
  expect((await anonymousGet(request, "/")).hit).toBe(true);
});

test("on the shared page a tab opens, a member's part comes with its event stream, which stays open across links", async ({
  browser,
  request,
}) => {
  const erin = await apiLogin(request, "erin");
  const post = await apiCreatePost(request, erin, { title: unique("Arrives with the stream") });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "heidi");
  const sent: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/")) sent.push(u.pathname + u.search);
  });
  const asked = () => sent.filter((u) => u.startsWith("/api/users/me/page-state"));
  const streams = () => sent.filter((u) => u.startsWith("/api/events"));

  await page.goto("/");
  const res = await page.goto("/");
  expect(res?.headers()[CACHE]).toBe("hit");
  await expect(page.getByRole("link", { name: "Your profile (heidi)" })).toBeVisible();
  await expect(page.getByTestId("post-card").filter({ hasText: post.title })).toBeVisible();
  // The header filled in from the stream's first message: one stream asked for the list's state, and
  // no request of its own.
  expect(streams().some((u) => u.includes("state=1") && u.includes("stateVisit=1") && u.includes(`statePostIds=${post.id}`))).toBe(true);
  expect(asked()).toEqual([]);

  // A link: a client navigation (rendered for the member, never the shared document); the stream stays open.
  sent.length = 0;
  await page.getByTestId("post-card").filter({ hasText: post.title }).getByRole("link", { name: post.title }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your profile (heidi)" })).toBeVisible();
  expect(streams()).toEqual([]);

  // Opened in a new tab, the post page gets its part (the view, the subscription) from its stream.
  const tab = await ctx.newPage();
  const tabSent: string[] = [];
  tab.on("request", (r) => tabSent.push(new URL(r.url()).pathname + new URL(r.url()).search));
  await tab.goto(`/posts/${post.id}`);
  await expect(tab.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(tab.getByRole("link", { name: "Your profile (heidi)" })).toBeVisible();
  expect(tabSent.some((u) => u.startsWith("/api/events?") && u.includes(`statePostId=${post.id}`) && u.includes("stateView=1"))).toBe(true);
  expect(tabSent.filter((u) => u.startsWith("/api/users/me/page-state"))).toEqual([]);
  await ctx.close();
});

test("a list page read more often than it is written is rendered after the write, which does not wait for it: its visitors get it from the cache, the page from before the write until the new one is there", async ({
  browser,
  request,
}) => {
  const bob = await apiLogin(request, "bob");
  const membersOnly = await apiCreatePost(request, bob, { title: unique("For members"), visibleScope: "ONLY_REGISTER" });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, "carol");
  // Both home pages are hot: each served from the cache at least twice since the last write, just now.
  await warm(request, "/");
  for (let i = 0; i < 3; i++) expect((await page.goto("/"))?.status()).toBe(200);
  for (let i = 0; i < 2; i++) expect((await anonymousGet(request, "/")).hit).toBe(true);
  // The category filter beside the list counts the category's posts (kept under the lists' 'all' version).
  const category = await firstCategory(request);
  const countIn = (html: string) => Number(new RegExp(`<option value="${category.id}">[^<]*\\((\\d+)\\)</option>`).exec(html)?.[1] ?? NaN);
  const countBefore = countIn((await anonymousGet(request, "/")).html);
  expect(countBefore).toBeGreaterThan(0);

  const post = await apiCreatePost(request, bob, { title: unique("Rendered after its writer") });
  // No visitor waits for a render: every load is a hit, the page from before the write until the one
  // rendered after it is stored (lib/cache/render-ahead.ts).
  const loads: { hit: boolean; has: boolean }[] = [];
  let home = await anonymousGet(request, "/");
  for (const end = Date.now() + 10_000; ;) {
    loads.push({ hit: home.hit, has: home.html.includes(post.title) });
    if (home.html.includes(post.title) || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 50));
    home = await anonymousGet(request, "/");
  }
  expect(loads.every((l) => l.hit)).toBe(true);
  expect(home.html).toContain(post.title);
  expect(home.html).not.toContain(membersOnly.title);
  // Rendered after the write stamped 'all', the page has the filters as they are after it.
  expect(countIn(home.html)).toBe(countBefore + 1);
  // The members' page likewise, from the cache, with their own header filled in.
  const memberLoads: boolean[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.goto("/");
        memberLoads.push(res?.headers()[CACHE] === "hit");
        return page.getByRole("link", { name: post.title }).count();
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  expect(memberLoads.every(Boolean)).toBe(true);
  await expect(page.getByRole("link", { name: membersOnly.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Your profile (carol)" })).toBeVisible();
  await ctx.close();

  // The header that asks for such a render is this process's own: from a client it is ignored.
  for (const forged of ["x 1 member", "x 1 anon", "x 1", ""]) {
    const r = await request.get("/", { headers: { cookie: "", "x-forum-ahead": forged } });
    expect(r.status()).toBe(200);
    const html = await r.text();
    expect(html).toContain(post.title);
    expect(html).not.toContain(membersOnly.title);
  }
});
