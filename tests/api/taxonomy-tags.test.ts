import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { postTags, posts, tags, users } from "@/db/schema";
import { GET as listTags, POST as createTag } from "@/app/api/tags/route";
import { DELETE as deleteTag, GET as getTag, PUT as updateTag } from "@/app/api/tags/[id]/route";
import { tagSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser } from "../helpers";

async function tagPost(
  authorId: number,
  categoryId: number,
  tagIds: number[],
  o: { status?: "PUBLISHED" | "PENDING"; visibleScope?: "ALL" | "ONLY_ME" } = {},
) {
  const [p] = await db
    .insert(posts)
    .values({ title: "t", content: "c", authorId, categoryId, status: o.status ?? "PUBLISHED", visibleScope: o.visibleScope ?? "ALL" })
    .returning();
  await db.insert(postTags).values(tagIds.map((tagId) => ({ postId: p!.id, tagId })));
  return p!;
}

describe("GET /api/tags", () => {
  it("counts PUBLISHED ALL posts, orders by count desc then name, filters by keyword, pages", async () => {
    const u = await makeUser();
    const cat = await makeCategory();
    const js = await makeTag("javascript");
    const ts = await makeTag("typescript");
    const go = await makeTag("go");
    const rust = await makeTag("rust_lang");
    await tagPost(u.id, cat.id, [js.id, ts.id]);
    await tagPost(u.id, cat.id, [ts.id]);
    await tagPost(u.id, cat.id, [go.id], { status: "PENDING" });
    await tagPost(u.id, cat.id, [go.id], { visibleScope: "ONLY_ME" });

    const r = await call(listTags, "/api/tags");
    expect(r.status).toBe(200);
    const list = z.array(tagSchema).parse(r.body);
    expect(list.map((t) => [t.name, t.count])).toEqual([
      ["typescript", 2],
      ["javascript", 1],
      ["go", 0],
      ["rust_lang", 0],
    ]);

    const kw = await call(listTags, "/api/tags?keyword=SCRIPT");
    expect(kw.body.map((t: { name: string }) => t.name)).toEqual(["typescript", "javascript"]);
    // LIKE wildcards in the keyword are literal
    const underscore = await call(listTags, "/api/tags?keyword=_");
    expect(underscore.body.map((t: { name: string }) => t.name)).toEqual([rust.name]);

    const p1 = await call(listTags, "/api/tags?page=1&pageSize=3");
    expect(p1.body.map((t: { name: string }) => t.name)).toEqual(["rust_lang"]);
    expect((await call(listTags, "/api/tags?page=9")).body).toEqual([]);
  });

  it("rejects bad paging with 400 and field", async () => {
    for (const [q, field] of [
      ["pageSize=0", "pageSize"],
      ["pageSize=101", "pageSize"],
      ["page=-1", "page"],
      ["page=abc", "page"],
    ]) {
      const r = await call(listTags, `/api/tags?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.field).toBe(field);
    }
  });

  it("GET /api/tags/{id}", async () => {
    const t = await makeTag("single");
    const r = await call(getTag, `/api/tags/${t.id}`, { params: { id: String(t.id) } });
    expect(r.status).toBe(200);
    expect(tagSchema.parse(r.body)).toMatchObject({ id: t.id, name: "single", count: 0 });
    expect((await call(getTag, "/api/tags/424242", { params: { id: "424242" } })).status).toBe(404);
  });
});

describe("tag writes", () => {
  it("members from level 1 create (201), a brand-new account may not (403); anonymous 401; duplicates 409; validation 400", async () => {
    const u = await makeUser();
    const refused = await call(createTag, "/api/tags", { token: u.token, body: { name: "too-early" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/level 1/);
    expect(await db.select().from(tags).where(eq(tags.name, "too-early"))).toEqual([]);
    await db.update(users).set({ experience: 100 }).where(eq(users.id, u.id));
    const body = { name: "Svelte", description: "compiler", icon: "🔥" };
    expect((await call(createTag, "/api/tags", { body })).status).toBe(401);
    const r = await call(createTag, "/api/tags", { token: u.token, body });
    expect(r.status).toBe(201);
    expect(tagSchema.parse(r.body)).toMatchObject({ ...body, smallIcon: "", count: 0 });
    const [row] = await db.select().from(tags).where(eq(tags.id, r.body.id));
    expect(row!.creatorId).toBe(u.id);
    const dup = await call(createTag, "/api/tags", { token: u.token, body: { name: "svelte" } });
    expect(dup.status).toBe(409);
    const bad = await call(createTag, "/api/tags", { token: u.token, body: { name: "y".repeat(65) } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("name");
  });

  it("a read-scope token cannot create", async () => {
    const u = await makeUser({ scopes: ["read"] });
    expect((await call(createTag, "/api/tags", { token: u.token, body: { name: "ro" } })).status).toBe(403);
  });

  it("moderators update and delete; users get 403", async () => {
    const mod = await makeUser({ role: "MODERATOR" });
    const user = await makeUser();
    const cat = await makeCategory();
    const t = await makeTag("old");
    await tagPost(user.id, cat.id, [t.id]);
    const params = { id: String(t.id) };
    expect((await call(updateTag, `/api/tags/${t.id}`, { method: "PUT", token: user.token, body: { name: "x" }, params })).status).toBe(
      403,
    );
    const up = await call(updateTag, `/api/tags/${t.id}`, {
      method: "PUT",
      token: mod.token,
      body: { name: "new", icon: "i" },
      params,
    });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ name: "new", icon: "i", count: 1 });
    expect((await call(deleteTag, `/api/tags/${t.id}`, { method: "DELETE", token: user.token, params })).status).toBe(403);
    const del = await call(deleteTag, `/api/tags/${t.id}`, { method: "DELETE", token: mod.token, params });
    expect(del.status).toBe(204);
    expect(await db.select().from(postTags).where(eq(postTags.tagId, t.id))).toHaveLength(0);
    expect((await call(deleteTag, `/api/tags/${t.id}`, { method: "DELETE", token: mod.token, params })).status).toBe(404);
  });
});
