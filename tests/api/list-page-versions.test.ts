import { afterEach, describe, expect, it } from "vitest";
import { POST as preview } from "@/app/api/markdown/preview/route";
import { POST as createPostRoute } from "@/app/api/posts/route";
import { PUT as updatePostRoute } from "@/app/api/posts/[id]/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as reactPost } from "@/app/api/posts/[id]/reactions/route";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { contentVersion } from "@/lib/cache/content-version";
import { aheadVersion, listPageVersion, listsChanged, postPageVersion, setRenderAhead, type ListStamp } from "@/lib/cache/page-versions";
import { changed } from "@/lib/services/changes";
import { env } from "@/lib/env";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// Cached list and profile pages are checked against their scope's version and "all lists"
// (lib/cache/page-versions.ts): what members do on a post reaches only the lists and profiles that can
// show it; a change to a post itself reaches every list.
async function newPost(u: TestUser, categoryId: number, tagId: number): Promise<number> {
  const r = await call(createPostRoute as never, "/api/posts", { token: u.token, body: { title: "On a list", content: "text", categoryId, tagIds: [tagId] } });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

/** Two members' posts in two categories and tags, and the versions of every page around them. */
async function twoLists() {
  const [ua, ub, uc] = [await makeUser(), await makeUser(), await makeUser()];
  const [ca, cb] = [await makeCategory(), await makeCategory()];
  const [ta, tb] = [await makeTag(), await makeTag()];
  const a = await newPost(ua, ca.id, ta.id);
  const b = await newPost(ub, cb.id, tb.id);
  const paths = {
    home: "/", ca: `/c/${ca.id}`, cb: `/c/${cb.id}`, ta: `/t/${ta.id}`, tb: `/t/${tb.id}`,
    ua: `/u/${ua.username}`, ub: `/u/${encodeURIComponent(ub.username)}`, uc: `/u/${uc.username}`,
  };
  const versions = async () => Object.fromEntries(await Promise.all(Object.entries(paths).map(async ([k, p]) => [k, await listPageVersion(p)] as const)));
  /** Which pages' versions changed since `before`. */
  const moved = async (before: Record<string, string | null>) => {
    const now = await versions();
    return Object.keys(paths).filter((k) => now[k] !== before[k]).sort();
  };
  return { ua, ub, uc, ca, cb, a, b, versions, moved };
}

afterEach(() => setRenderAhead(undefined));

describe("list page versions", () => {
  it("a comment reaches the home, its post's category and tag lists and the profiles of its author and the commenter, no other", async () => {
    const { uc, a, versions, moved } = await twoLists();
    // A first comment may earn a medal, which shows beside the name on every page (everything changes).
    const first = await call(createComment as never, `/api/posts/${a}/comments`, { token: uc.token, params: { id: String(a) }, body: { content: "first" } });
    expect(first.status).toBe(201);
    const before = await versions();
    const c = await call(createComment as never, `/api/posts/${a}/comments`, { token: uc.token, params: { id: String(a) }, body: { content: "on A" } });
    expect(c.status).toBe(201);
    expect(await moved(before)).toEqual(["ca", "home", "ta", "ua", "uc"]);
  });

  it("a reaction reaches the post's lists, its author's profile and the reacting member's (experience), no other", async () => {
    const { uc, b, versions, moved } = await twoLists();
    const before = await versions();
    const r = await call(reactPost as never, `/api/posts/${b}/reactions`, { token: uc.token, params: { id: String(b) }, body: { type: "LIKE" } });
    expect(r.status).toBe(200);
    expect(await moved(before)).toEqual(["cb", "home", "tb", "ub", "uc"]);
  });

  it("a post moved to another category reaches every list, the one it left included; a preview reaches none", async () => {
    const { ua, cb, a, versions, moved } = await twoLists();
    const before = await versions();
    expect((await call(preview as never, "/api/markdown/preview", { token: ua.token, body: { markdown: "*typing*" } })).status).toBe(200);
    expect(await moved(before)).toEqual([]);
    const r = await call(updatePostRoute as never, `/api/posts/${a}`, { method: "PUT", token: ua.token, params: { id: String(a) }, body: { categoryId: cb.id } });
    expect(r.status).toBe(200);
    expect(await moved(before)).toEqual(["ca", "cb", "home", "ta", "tb", "ua", "ub", "uc"]);
  });

  it("finds a profile's scope by id or by name in any case, as the profile page does", async () => {
    const u = await makeUser();
    const byName = await listPageVersion(`/u/${u.username.toUpperCase()}`);
    expect(await listPageVersion(`/u/${u.id}`)).toBe(byName);
    expect(await listPageVersion(`/u/${u.username}`)).toBe(byName);
    expect(await listPageVersion("/posts/1")).toBeNull();
  });

  it("versions asked at the same time are read in one batch, each its own, and a batch after a write sees it", async () => {
    const { ua, a, b, ca } = await twoLists();
    const ask = () => Promise.all([postPageVersion(a), listPageVersion("/"), postPageVersion(b), listPageVersion(`/c/${ca.id}`), postPageVersion(a), listPageVersion(`/u/${ua.username}`)]);
    const together = await ask();
    const alone = [await postPageVersion(a), await listPageVersion("/"), await postPageVersion(b), await listPageVersion(`/c/${ca.id}`), await postPageVersion(a), await listPageVersion(`/u/${ua.username}`)];
    expect(together).toEqual(alone);
    expect(together[0]).toBe(together[4]);
    const c = await call(createComment as never, `/api/posts/${b}/comments`, { token: ua.token, params: { id: String(b) }, body: { content: "on B" } });
    expect(c.status).toBe(201);
    const after = await ask();
    expect(after[2]).not.toBe(together[2]); // B's page, and the home, changed
    expect(after[0]).toBe(together[0]); // A's page did not
    expect(after[1]).not.toBe(together[1]);
    expect(after[3]).toBe(together[3]); // A's category did not
  });

  it("a list stamp keeps the version it replaced: a page rendered before it is stored under the new version only if no other write stamped in between", async () => {
    const { ua, a, b } = await twoLists();
    const before = (await listPageVersion("/"))!;
    const [, all, home] = /^l(\d+):(\d+)$/.exec(before)!;
    const c = await call(createComment as never, `/api/posts/${b}/comments`, { token: ua.token, params: { id: String(b) }, body: { content: "stamped" } });
    expect(c.status).toBe(201);
    const [row] = await rawRows<ListStamp>(db, sql`select scope, previous::text, version::text from list_page_versions where scope = 'home'`);
    expect(row!.previous).toBe(home);
    const after = (await listPageVersion("/"))!;
    expect(after).toBe(`l${all}:${row!.version}`);
    // The comment's own stamp was the only one since `before`: the page takes the version it made.
    expect(aheadVersion(before, "home", [row!, { scope: "c1", previous: null, version: "1" }])).toBe(after);
    // Another write stamped the home in between: its data may be missing from the render.
    expect(aheadVersion(before, "home", [{ scope: "home", previous: String(Number(home) + 1), version: row!.version }])).toBeNull();
    // A row the write did not stamp keeps the value read; if it moved meanwhile, the version is never current.
    const moved = await call(updatePostRoute as never, `/api/posts/${a}`, { token: ua.token, params: { id: String(a) }, body: { title: "Moved on" } });
    expect(moved.status).toBe(200);
    expect(aheadVersion(before, "home", [row!])).not.toBe(await listPageVersion("/"));
    // A page of a scope the write did not stamp gets no new version; nor does an unknown version.
    expect(aheadVersion(before, "home", [{ scope: "t9", previous: "1", version: "2" }])).toBeNull();
    expect(aheadVersion("p1:2", "home", [row!])).toBeNull();
  });

  it("with hot list pages, a write renders them after its post pages and content version are stamped and before its lists are", async () => {
    const { ua, a, b, ca } = await twoLists();
    const seen: { scopes: string[]; home: string | null; content: string; postB: string }[] = [];
    const stamped: ListStamp[][] = [];
    const home = await listPageVersion("/");
    const [content, postB] = [await contentVersion(), await postPageVersion(b)];
    setRenderAhead({
      wanted: () => true,
      render: async (scopes) => {
        seen.push({ scopes, home: await listPageVersion("/"), content: await contentVersion(), postB: await postPageVersion(b) });
        return (s) => void stamped.push(s);
      },
    });
    const c = await call(createComment as never, `/api/posts/${b}/comments`, { token: ua.token, params: { id: String(b) }, body: { content: "rendered ahead" } });
    expect(c.status).toBe(201);
    expect(seen).toHaveLength(1);
    // The render reads fresh objects (content version, B's post page bumped) and lists not yet stamped.
    expect(seen[0]!.home).toBe(home);
    expect(seen[0]!.content).not.toBe(content);
    expect(seen[0]!.postB).not.toBe(postB);
    expect(seen[0]!.scopes).toContain("home");
    expect(seen[0]!.scopes).not.toContain(`c${ca.id}`);
    // Then the lists are stamped, and the render is handed what the stamp did.
    const homeRow = stamped[0]!.find((s) => s.scope === "home")!;
    expect(await listPageVersion("/")).toBe(aheadVersion(home!, "home", stamped[0]!));
    expect(homeRow.previous).toBe(/:(\d+)$/.exec(home!)![1]);
    expect(await postPageVersion(a)).toBeTruthy();
    // A write that changes no list renders nothing.
    const p = await call(preview as never, "/api/markdown/preview", { token: ua.token, body: { markdown: "**x**" } });
    expect(p.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it("writes that commit while a render ahead is on its way share the next one, which shows all of them, and one stamp of their lists", async () => {
    const { ua, uc, a, b } = await twoLists();
    const home = await listPageVersion("/");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const renders: { scopes: string[]; home: string | null; commentsOnA: number; commentsOnB: number }[] = [];
    const stamped: ListStamp[][] = [];
    const counts = async () => {
      const [row] = await rawRows<{ a: number; b: number }>(db, sql`select
        (select count(*)::int from comments where post_id = ${a}) as a, (select count(*)::int from comments where post_id = ${b}) as b`);
      return row!;
    };
    setRenderAhead({
      wanted: () => true,
      render: async (scopes) => {
        const c = await counts();
        renders.push({ scopes, home: await listPageVersion("/"), commentsOnA: c.a, commentsOnB: c.b });
        if (renders.length === 1) await gate;
        return (s) => void stamped.push(s);
      },
    });
    const comment = (post: number, token: string) => call(createComment as never, `/api/posts/${post}/comments`, { token, params: { id: String(post) }, body: { content: "together" } });
    const first = comment(a, ua.token);
    while (renders.length < 1) await new Promise((r) => setTimeout(r, 5));
    // While the first write's render is held, two more writes commit: neither renders beside it.
    let returned = 0;
    const later = [comment(a, uc.token), comment(b, uc.token)].map((p) => p.then((r) => (returned++, r)));
    const committed = async () => (await counts()).a + (await counts()).b;
    while ((await committed()) < 3) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    expect(renders).toHaveLength(1);
    expect(returned).toBe(0);
    release();
    const results = [await first, ...(await Promise.all(later))];
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    // One more render for both, begun after both had committed, then one stamp of their lists.
    expect(renders).toHaveLength(2);
    expect(renders[1]!.commentsOnA).toBe(2);
    expect(renders[1]!.commentsOnB).toBe(1);
    expect(renders[1]!.scopes).toContain("home");
    expect(stamped).toHaveLength(2);
    const homeStamps = stamped.map((s) => s.find((x) => x.scope === "home")!);
    expect(homeStamps[0]!.previous).toBe(/:(\d+)$/.exec(home!)![1]);
    expect(homeStamps[1]!.previous).toBe(homeStamps[0]!.version);
    // The second render read the home's version after the first write's stamp: its page takes the version its stamp made.
    expect(aheadVersion(renders[1]!.home!, "home", stamped[1]!)).toBe(await listPageVersion("/"));
  });

  it("renders ahead start at most once per PAGE_AHEAD_INTERVAL_MS: a write after a quiet spell renders at once, writes within the interval wait for the next render and share it", async () => {
    const { ua, uc, a, b } = await twoLists();
    const INTERVAL = 1000;
    process.env.PAGE_AHEAD_INTERVAL_MS = String(INTERVAL);
    env(true);
    try {
      const starts: { at: number; a: number; b: number }[] = [];
      setRenderAhead({
        wanted: () => true,
        render: async () => {
          const [row] = await rawRows<{ a: number; b: number }>(db, sql`select
            (select count(*)::int from comments where post_id = ${a}) as a, (select count(*)::int from comments where post_id = ${b}) as b`);
          starts.push({ at: performance.now(), ...row! });
          return () => {};
        },
      });
      const comment = (post: number, token: string) => call(createComment as never, `/api/posts/${post}/comments`, { token, params: { id: String(post) }, body: { content: "paced" } });
      // A quiet spell (longer than the interval since any render of an earlier test), then a write: no wait.
      await new Promise((r) => setTimeout(r, INTERVAL));
      const t0 = performance.now();
      expect((await comment(a, ua.token)).status).toBe(201);
      expect(starts).toHaveLength(1);
      expect(starts[0]!.at - t0).toBeLessThan(INTERVAL / 2);
      // Two writes at once, right after: they commit, wait out the interval and share one render that shows both.
      const homeBefore = await listPageVersion("/");
      const later = await Promise.all([comment(a, uc.token), comment(b, uc.token)]);
      expect(later.map((r) => r.status)).toEqual([201, 201]);
      expect(starts).toHaveLength(2);
      expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(INTERVAL - 1);
      expect(starts[1]).toMatchObject({ a: 2, b: 1 });
      // And they returned only after their lists were stamped.
      expect(await listPageVersion("/")).not.toBe(homeBefore);
    } finally {
      delete process.env.PAGE_AHEAD_INTERVAL_MS;
      env(true);
    }
  });

  it("tells which lists a set of changes reaches", () => {
    expect(listsChanged([changed("comment", 5), changed("activity", 2), changed("account", 9), changed("reaction")])).toEqual({ postIds: [2], commentIds: [5], userIds: [9] });
    expect(listsChanged([changed("notification", 1), changed("token", 2), changed("point-good")])).toEqual({ postIds: [], commentIds: [], userIds: [] });
    expect(listsChanged([changed("activity", 1), changed("post", 1)])).toBe("all");
    expect(listsChanged([changed("user", 2)])).toBe("all");
    expect(listsChanged([changed("activity")])).toBe("all"); // which post is not known
  });
});
