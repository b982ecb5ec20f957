import { describe, expect, it } from "vitest";
import { POST as preview } from "@/app/api/markdown/preview/route";
import { POST as createPost } from "@/app/api/posts/route";
import { contentVersion } from "@/lib/cache/content-version";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

// Every read cache (API lists, Post objects, whole pages) is served while the content version is
// unchanged: a committed write must move it, a request that writes nothing must not.
describe("what invalidates the read caches", () => {
  it("a markdown preview leaves the content version alone; creating a post moves it", async () => {
    const u = await makeUser();
    const [category, tag] = await Promise.all([makeCategory(), makeTag()]);
    const v0 = await contentVersion();
    const p = await call(preview, "/api/markdown/preview", { token: u.token, body: { markdown: "**typing**" } });
    expect(p.status).toBe(200);
    expect(p.body.html).toContain("<strong>typing</strong>");
    expect(await contentVersion()).toBe(v0);
    const c = await call(createPost, "/api/posts", {
      token: u.token,
      body: { title: "A write", content: "x", categoryId: category.id, tagIds: [tag.id], type: "NORMAL" },
    });
    expect(c.status).toBe(201);
    expect(await contentVersion()).not.toBe(v0);
  });
});
