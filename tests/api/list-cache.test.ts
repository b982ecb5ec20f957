import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listCategories } from "@/app/api/categories/route";
import { GET as changeLogs } from "@/app/api/posts/[id]/change-logs/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as vote } from "@/app/api/posts/[id]/poll/vote/route";
import { GET as recent } from "@/app/api/posts/recent/route";
import { GET as listPostsRoute, POST as createPostRoute } from "@/app/api/posts/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { POST as subscribe } from "@/app/api/subscriptions/posts/[id]/route";
import { POST as comment } from "@/app/api/posts/[id]/comments/route";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { bumpContentVersion, clearReadCaches } from "@/lib/cache/content-version";
import { announce, changed } from "@/lib/changes/announce";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";
import { makePollPost } from "./economy-helpers";

type P = { id: number; title: string; commentCount: number; subscribed: boolean; poll: { myVotes: string[] } | null };
const titles = (b: P[]) => b.map((p) => p.title);

// The read caches (lib/cache/content-version.ts): entries are served while the content version is
// unchanged, stale after any committed write, never showing a restricted post to the wrong caller, and
// the caller's own state (subscribed, poll votes) is always read fresh.
describe("read caches", () => {
  let category: { id: number };
  let tag: { id: number };
  const body = (title: string, visibleScope = "ALL") => ({
    title,
    content: "text",
    categoryId: category.id,
    tagIds: [tag.id],
    type: "NORMAL",
    visibleScope,
  });
  const create = async (u: TestUser, title: string, scope = "ALL") => {
    const r = await call(createPostRoute, "/api/posts", { token: u.token, body: body(title, scope) });
    expect(r.status).toBe(201);
    return r.body as P;
  };
  const list = (u?: TestUser) => call<P[]>(listPostsRoute, `/api/posts?pageSize=100&categoryId=${category.id}`, { token: u?.token });

  beforeAll(async () => {
    process.env.LIST_CACHE = "1";
    clearReadCaches();
    category = await makeCategory();
    tag = await makeTag();
  });
  afterAll(() => {
    process.env.LIST_CACHE = "0";
  });
  afterEach(() => vi.useRealTimers());

  it("serves anonymous lists from memory until a write, then shows the write", async () => {
    const author = await makeUser();
    await create(author, "first");
    const a = await list();
    const b = await list();
    expect(a.headers.get("x-cache")).toBe("miss");
    expect(b.headers.get("x-cache")).toBe("hit");
    expect(b.body).toEqual(a.body);

    // A write through the API bumps the version: the next anonymous read is fresh.
    await create(author, "second");
    const c = await list();
    expect(c.headers.get("x-cache")).toBe("miss");
    expect(titles(c.body)).toEqual(["second", "first"]);

    // A members-only post is created (a write), and the anonymous list still never shows it.
    await create(author, "members", "ONLY_REGISTER");
    expect(titles((await list()).body)).not.toContain("members");
    const e = await list();
    expect(e.headers.get("x-cache")).toBe("hit");
    expect(titles(e.body)).not.toContain("members");
  });

  it("members share a cached page, each with their own subscribed flag and poll votes", async () => {
    const author = await makeUser();
    const ann = await makeUser();
    const ben = await makeUser();
    const poll = await makePollPost(author.id);
    await call(editPost, `/api/posts/${poll.id}`, {
      method: "PUT",
      token: author.token,
      params: { id: String(poll.id) },
      body: { categoryId: category.id },
    });
    const post = await create(author, "subscribable");
    expect(
      (
        await call(subscribe, `/api/subscriptions/posts/${post.id}`, {
          method: "POST",
          token: ann.token,
          params: { id: String(post.id) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(vote, `/api/posts/${poll.id}/poll/vote`, {
          method: "POST",
          token: ben.token,
          params: { id: String(poll.id) },
          body: { options: ["blue"] },
        })
      ).status,
    ).toBe(200);

    const first = await list(ann);
    const second = await list(ben);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(second.headers.get("x-cache")).toBe("hit");
    const flag = (r: { body: P[] }, id: number) => r.body.find((p) => p.id === id)!;
    expect(flag(first, post.id).subscribed).toBe(true);
    expect(flag(second, post.id).subscribed).toBe(false);
    expect(flag(first, poll.id).poll!.myVotes).toEqual([]);
    expect(flag(second, poll.id).poll!.myVotes).toEqual(["blue"]);
    // Members see members-only posts, the anonymous page of the same URL does not.
    expect(titles(first.body)).toContain("members");
    expect(titles((await list()).body)).not.toContain("members");
  });

  it("a member's own ONLY_ME post is shown to that member alone, moderators see it too", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const mod = await makeUser({ role: "MODERATOR" });
    await create(owner, "just mine", "ONLY_ME");
    for (let i = 0; i < 2; i++) {
      expect(titles((await list(other)).body)).not.toContain("just mine");
      expect(titles((await list(owner)).body)).toContain("just mine");
      expect(titles((await list(mod)).body)).toContain("just mine");
      expect(titles((await list()).body)).not.toContain("just mine");
    }
    expect((await list(other)).headers.get("x-cache")).toBe("hit");
    expect((await list(owner)).headers.get("x-cache")).toBe("hit");
  });

  it("recent drops cached posts once they leave the time window", async () => {
    const author = await makeUser();
    const p = await create(author, "fresh");
    const path = "/api/posts/recent?minutes=1";
    expect((await call<P[]>(recent, path)).body.map((x) => x.id)).toContain(p.id);
    const hit = await call<P[]>(recent, path);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.body.map((x) => x.id)).toContain(p.id);
    vi.useFakeTimers({ now: Date.now() + 2 * 60_000, toFake: ["Date"] });
    const later = await call<P[]>(recent, path);
    expect(later.body.map((x) => x.id)).not.toContain(p.id);
  });

  it("notifications embed the cached post with the caller's fresh subscribed flag", async () => {
    const author = await makeUser();
    const fan = await makeUser();
    const post = await create(author, "commented");
    await call(subscribe, `/api/subscriptions/posts/${post.id}`, {
      method: "POST",
      token: author.token,
      params: { id: String(post.id) },
    });
    await call(comment, `/api/posts/${post.id}/comments`, {
      method: "POST",
      token: fan.token,
      params: { id: String(post.id) },
      body: { content: "hi" },
    });
    const warm = await list(fan); // puts the post in the cache under the current version, as the fan sees it
    expect(warm.body.find((p) => p.id === post.id)!.subscribed).toBe(false);
    const n = await call<{ post: P | null; type: string }[]>(notificationsRoute, "/api/notifications", { token: author.token });
    expect(n.status).toBe(200);
    const embedded = n.body.find((x) => x.type === "COMMENT_REPLY" || x.post?.id === post.id)!;
    expect(embedded.post!.id).toBe(post.id);
    expect(embedded.post!.subscribed).toBe(true);
  });

  it("change logs are rendered once per version and show a new edit at once", async () => {
    const author = await makeUser();
    const post = await create(author, "v1");
    const get = () =>
      call<{ type: string; newTitle: string | null }[]>(changeLogs, `/api/posts/${post.id}/change-logs`, {
        params: { id: String(post.id) },
      });
    expect((await get()).body).toEqual([]);
    expect(
      (
        await call(editPost, `/api/posts/${post.id}`, {
          method: "PUT",
          token: author.token,
          params: { id: String(post.id) },
          body: { title: "v2" },
        })
      ).status,
    ).toBe(200);
    const after = await get();
    expect(after.body.map((l) => l.newTitle)).toEqual(["v2"]);
    expect((await get()).body).toEqual(after.body);
    // Hiding the post (a write) takes effect for the cached history as well.
    expect(
      (
        await call(editPost, `/api/posts/${post.id}`, {
          method: "PUT",
          token: author.token,
          params: { id: String(post.id) },
          body: { visibleScope: "ONLY_REGISTER" },
        })
      ).status,
    ).toBe(200);
    expect((await get()).status).toBe(404);
  });

  it("a comment on one post reloads that post alone: the list's other Post objects stay cached until their own post or every page changes", async () => {
    const author = await makeUser();
    const fan = await makeUser();
    const kept = await create(author, "kept");
    const busy = await create(author, "busy");
    const row = (r: { body: P[] }, id: number) => r.body.find((p) => p.id === id)!;
    const say = (postId: number, content: string) =>
      call(comment, `/api/posts/${postId}/comments`, {
        method: "POST",
        token: fan.token,
        params: { id: String(postId) },
        body: { content },
      });
    // The fan's first comment may earn a medal (shown beside their name on every page): out of the way first.
    expect((await say(busy.id, "hello")).status).toBe(201);
    const warm = await call<P[]>(listPostsRoute, `/api/posts?pageSize=100&categoryId=${category.id}`);
    expect(row(warm, busy.id).commentCount).toBe(1);
    // Changed behind the caches' back (no write announced): shows only once the post's page is stamped.
    await db.update(posts).set({ title: "kept, retitled" }).where(eq(posts.id, kept.id));

    expect((await say(busy.id, "again")).status).toBe(201);
    for (const who of [undefined, fan]) {
      const after = await call<P[]>(listPostsRoute, `/api/posts?pageSize=100&categoryId=${category.id}`, { token: who?.token });
      expect(row(after, busy.id).commentCount).toBe(2); // the comment's post: reloaded at once
      expect(row(after, kept.id).title).toBe("kept"); // the other post: still the cached Post object
    }

    await announce(changed("post", kept.id));
    expect(row(await list(), kept.id).title).toBe("kept, retitled");
    // A change every page may show (a member's name, a category) reloads every post.
    await db.update(posts).set({ title: "busy, retitled" }).where(eq(posts.id, busy.id));
    await announce(changed("user", author.id));
    expect(row(await list(fan), busy.id).title).toBe("busy, retitled");
  });

  it("a version bump from another process (a direct nextval) invalidates every entry", async () => {
    await call(listCategories, "/api/categories");
    expect((await call(listCategories, "/api/categories")).headers.get("x-cache")).toBe("hit");
    await bumpContentVersion();
    expect((await call(listCategories, "/api/categories")).headers.get("x-cache")).toBe("miss");
  });
});
