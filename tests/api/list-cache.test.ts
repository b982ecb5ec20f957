import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listCategories } from "@/app/api/categories/route";
import { GET as listPostsRoute, POST as createPostRoute } from "@/app/api/posts/route";
import { bumpContentVersion, clearListCache } from "@/lib/services/list-cache";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

// The shared cache of anonymous list pages: served while the content version is unchanged, stale
// after any committed write, never used for signed-in callers, never leaking restricted posts.
describe("public list cache", () => {
  beforeAll(() => {
    process.env.LIST_CACHE = "1";
    clearListCache();
  });
  afterAll(() => {
    process.env.LIST_CACHE = "0";
  });

  it("serves anonymous lists from memory until a write, then shows the write", async () => {
    const author = await makeUser();
    const category = await makeCategory();
    const tag = await makeTag();
    const body = (title: string, visibleScope = "ALL") => ({ title, content: "text", categoryId: category.id, tagIds: [tag.id], type: "NORMAL", visibleScope });

    expect((await call(createPostRoute as never, "/api/posts", { token: author.token, body: body("first") })).status).toBe(201);
    const a = await call(listPostsRoute as never, "/api/posts?pageSize=50");
    const b = await call(listPostsRoute as never, "/api/posts?pageSize=50");
    expect(a.headers.get("x-cache")).toBe("miss");
    expect(b.headers.get("x-cache")).toBe("hit");
    expect(b.body).toEqual(a.body);

    // A write through the API bumps the version: the next anonymous read is fresh.
    expect((await call(createPostRoute as never, "/api/posts", { token: author.token, body: body("second") })).status).toBe(201);
    const c = await call(listPostsRoute as never, "/api/posts?pageSize=50");
    expect(c.headers.get("x-cache")).toBe("miss");
    expect(c.body.map((p: { title: string }) => p.title)).toEqual(["second", "first"]);

    // A members-only post is created (a write), and the anonymous list still never shows it.
    expect((await call(createPostRoute as never, "/api/posts", { token: author.token, body: body("members", "ONLY_REGISTER") })).status).toBe(201);
    const d = await call(listPostsRoute as never, "/api/posts?pageSize=50");
    expect(d.body.map((p: { title: string }) => p.title)).not.toContain("members");
    const e = await call(listPostsRoute as never, "/api/posts?pageSize=50");
    expect(e.headers.get("x-cache")).toBe("hit");
    expect(e.body.map((p: { title: string }) => p.title)).not.toContain("members");

    // Signed-in callers are never served from the cache.
    const mine = await call(listPostsRoute as never, "/api/posts?pageSize=50", { token: author.token });
    expect(mine.headers.get("x-cache")).toBeNull();
    expect(mine.body.map((p: { title: string }) => p.title)).toContain("members");
  });

  it("a version bump from another process (a direct nextval) invalidates every entry", async () => {
    await call(listCategories as never, "/api/categories");
    expect((await call(listCategories as never, "/api/categories")).headers.get("x-cache")).toBe("hit");
    await bumpContentVersion();
    expect((await call(listCategories as never, "/api/categories")).headers.get("x-cache")).toBe("miss");
  });
});
