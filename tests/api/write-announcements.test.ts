import { afterEach, describe, expect, it } from "vitest";
import { POST as preview } from "@/app/api/markdown/preview/route";
import { POST as createPostRoute } from "@/app/api/posts/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as createComment } from "@/app/api/posts/[id]/comments/route";
import { POST as createCategory } from "@/app/api/categories/route";
import { contentVersion } from "@/lib/cache/content-version";
import { onChange, type Change } from "@/lib/changes/announce";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

// The post-commit seam (lib/changes/announce.ts): writes announce what they changed after they commit;
// the read caches bump the content version on every announcement; requests that write nothing
// (a markdown preview, a refused write) announce nothing and leave every cache alone. Every read cache
// (API lists, Post objects, whole pages) is served while the content version is unchanged, so a
// committed write must move it and a request that writes nothing must not.
describe("write announcements", () => {
  const seen: Change[][] = [];
  const stop = onChange("test-recorder", (changes) => {
    seen.push([...changes]);
  });
  afterEach(() => {
    seen.length = 0;
  });

  it("POST /api/markdown/preview announces nothing and keeps the content version", async () => {
    const u = await makeUser();
    const before = await contentVersion();
    const r = await call(preview, "/api/markdown/preview", { token: u.token, body: { markdown: "**hi**" } });
    expect(r.status).toBe(200);
    expect(r.body.html).toContain("<strong>hi</strong>");
    expect(seen).toEqual([]);
    expect(await contentVersion()).toBe(before);
  });

  it("a post, an edit and a comment each announce their ids once, after commit, and bump the version", async () => {
    const u = await makeUser();
    const cat = await makeCategory();
    const tag = await makeTag();
    const v0 = await contentVersion();
    const created = await call(createPostRoute, "/api/posts", {
      token: u.token,
      body: { title: "Seam", content: "text", categoryId: cat.id, tagIds: [tag.id] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // The first post earns the new member a medal, which shows beside their name: a "user" change.
    expect(seen).toEqual([
      [
        { kind: "post", ids: [id] },
        { kind: "user", ids: [u.id] },
      ],
    ]);
    const v1 = await contentVersion();
    expect(v1).not.toBe(v0);

    seen.length = 0;
    const edited = await call(editPost, `/api/posts/${id}`, {
      method: "PUT",
      token: u.token,
      params: { id: String(id) },
      body: { title: "Seam 2" },
    });
    expect(edited.status).toBe(200);
    expect(seen).toEqual([[{ kind: "post", ids: [id] }]]);

    seen.length = 0;
    const c = await call(createComment, `/api/posts/${id}/comments`, {
      token: u.token,
      params: { id: String(id) },
      body: { content: "hello" },
    });
    expect(c.status).toBe(201);
    // The comment earns points and experience but no new medal: an "account" change (their profile only).
    expect(seen).toEqual([
      [
        { kind: "comment", ids: [c.body.id] },
        { kind: "activity", ids: [id] },
        { kind: "account", ids: [u.id] },
      ],
    ]);
    expect(await contentVersion()).not.toBe(v1);
  });

  it("a refused or failed write announces nothing", async () => {
    const u = await makeUser();
    const before = await contentVersion();
    const forbidden = await call(createCategory, "/api/categories", { token: u.token, body: { name: "nope", description: "x" } });
    expect(forbidden.status).toBe(403);
    const missing = await call(editPost, "/api/posts/999999", {
      method: "PUT",
      token: u.token,
      params: { id: "999999" },
      body: { title: "x" },
    });
    expect(missing.status).toBe(404);
    expect(seen).toEqual([]);
    expect(await contentVersion()).toBe(before);
  });

  it("onChange returns an unsubscribe", async () => {
    stop();
    const u = await makeUser();
    const cat = await makeCategory();
    const tag = await makeTag();
    await call(createPostRoute, "/api/posts", {
      token: u.token,
      body: { title: "quiet", content: "text", categoryId: cat.id, tagIds: [tag.id] },
    });
    expect(seen).toEqual([]);
  });
});
