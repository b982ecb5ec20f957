import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { auditLogs, categories, posts, postTags, tags } from "@/db/schema";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { GET as adminGoods, POST as createGood } from "@/app/api/admin/point-goods/route";
import { PUT as updateGood } from "@/app/api/admin/point-goods/[id]/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as listCategories } from "@/app/api/categories/route";
import { DELETE as deleteCategory, PUT as updateCategory } from "@/app/api/categories/[id]/route";
import { PUT as reorder } from "@/app/api/categories/order/route";
import { GET as publicGoods } from "@/app/api/point-goods/route";
import { POST as redeem } from "@/app/api/point-goods/redeem/route";
import { POST as mergeTag } from "@/app/api/tags/[id]/merge/route";
import { PUT as updateTag } from "@/app/api/tags/[id]/route";
import { categorySchema, errorSchema, pointGoodSchema, siteConfigSchema, tagSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

// the admin pages' API: categories in the admins' order and deleted by moving their posts,
// tags renamed and merged, point goods retired, site settings (registration, flag threshold, rate
// limits shown). Every change writes an audit entry with before and after.

let admin: TestUser, mod: TestUser, member: TestUser;
beforeAll(async () => {
  [admin, mod, member] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser({ role: "MODERATOR" }), makeUser({ point: 1000 })]);
});

const auditOf = (action: string) => db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(asc(auditLogs.id));
async function makePost(categoryId: number, tagIds: number[] = []) {
  const [p] = await db.insert(posts).values({ title: "t", content: "c", authorId: member.id, categoryId }).returning({ id: posts.id });
  if (tagIds.length) await db.insert(postTags).values(tagIds.map((tagId) => ({ postId: p!.id, tagId })));
  return p!.id;
}

describe("categories: order and delete by moving posts", () => {
  it("admins set the order; GET /api/categories answers in it; new categories come after; others are refused", async () => {
    const [a, b, c] = [await makeCategory("alpha"), await makeCategory("bravo"), await makeCategory("charlie")];
    const all = () =>
      call(listCategories, "/api/categories").then((r) =>
        z
          .array(categorySchema)
          .parse(r.body)
          .map((x) => x.id),
      );
    const ids = await all();
    const wanted = [c.id, ...ids.filter((i) => i !== c.id && i !== a.id), a.id];
    for (const u of [member, mod])
      expect((await call(reorder, "/api/categories/order", { method: "PUT", token: u.token, body: { ids: wanted } })).status).toBe(403);
    const r = await call(reorder, "/api/categories/order", { method: "PUT", token: admin.token, body: { ids: wanted } });
    expect(r.status).toBe(200);
    expect(
      z
        .array(categorySchema)
        .parse(r.body)
        .map((x) => x.id),
    ).toEqual(wanted);
    expect(await all()).toEqual(wanted);
    const d = await makeCategory("delta");
    expect(await all()).toEqual([...wanted, d.id]);
    const [entry] = await auditOf("category.reorder");
    expect(entry).toMatchObject({ actorId: admin.id, after: { order: wanted } });
    expect(b.id).toBeGreaterThan(0);
  });

  it("an order that leaves out or repeats a category is a 400 and changes nothing", async () => {
    const ids = (await call(listCategories, "/api/categories")).body.map((x: { id: number }) => x.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999_999], []]) {
      const r = await call(reorder, "/api/categories/order", { method: "PUT", token: admin.token, body: { ids: bad } });
      expect(r.status).toBe(400);
      expect(errorSchema.safeParse(r.body).success).toBe(true);
    }
    expect((await call(listCategories, "/api/categories")).body.map((x: { id: number }) => x.id)).toEqual(ids);
  });

  it("a category with posts is deleted only by moving them; counts follow; audited", async () => {
    const from = await makeCategory("old-place");
    const to = await makeCategory("new-place");
    const p1 = await makePost(from.id);
    const p2 = await makePost(from.id);
    const del = (q: string) =>
      call(deleteCategory, `/api/categories/${from.id}${q}`, { method: "DELETE", token: admin.token, params: { id: String(from.id) } });
    expect((await del("")).status).toBe(409);
    expect((await del(`?moveTo=${from.id}`)).status).toBe(400);
    expect((await del("?moveTo=999999")).status).toBe(400);
    expect((await del("?moveTo=abc")).status).toBe(400);
    expect(
      (
        await call(deleteCategory, `/api/categories/${from.id}?moveTo=${to.id}`, {
          method: "DELETE",
          token: mod.token,
          params: { id: String(from.id) },
        })
      ).status,
    ).toBe(403);
    expect(await db.select().from(categories).where(eq(categories.id, from.id))).toHaveLength(1);

    expect((await del(`?moveTo=${to.id}`)).status).toBe(204);
    expect(await db.select().from(categories).where(eq(categories.id, from.id))).toEqual([]);
    const moved = await db.select({ id: posts.id, categoryId: posts.categoryId }).from(posts).where(eq(posts.categoryId, to.id));
    expect(moved.map((p) => p.id).sort()).toEqual([p1, p2].sort());
    const list = z.array(categorySchema).parse((await call(listCategories, "/api/categories")).body);
    expect(list.find((c) => c.id === to.id)?.count).toBe(2);
    expect((await auditOf("category.delete")).at(-1)).toMatchObject({
      targetId: from.id,
      before: { name: "old-place" },
      after: { movedPostsTo: to.id, moved: 2 },
    });
  });

  it("an edit is audited with the fields before and after", async () => {
    const c = await makeCategory("to-rename");
    const r = await call(updateCategory, `/api/categories/${c.id}`, {
      method: "PUT",
      token: admin.token,
      params: { id: String(c.id) },
      body: { name: "renamed", description: "now described" },
    });
    expect(r.status).toBe(200);
    expect((await auditOf("category.update")).at(-1)).toMatchObject({
      targetId: c.id,
      before: { name: "to-rename", description: "to-rename talk" },
      after: { name: "renamed", description: "now described" },
    });
  });
});

describe("tags: rename and merge", () => {
  it("merging moves every post to the target once, removes the source, and is audited", async () => {
    const cat = await makeCategory();
    const [src, dst, other] = [await makeTag("colour"), await makeTag("color"), await makeTag("misc")];
    const onlySrc = await makePost(cat.id, [src.id]);
    const both = await makePost(cat.id, [src.id, dst.id]);
    const unrelated = await makePost(cat.id, [other.id]);
    const merge = (u: TestUser, id: number, body: unknown) =>
      call(mergeTag, `/api/tags/${id}/merge`, { method: "POST", token: u.token, params: { id: String(id) }, body });

    expect((await merge(member, src.id, { intoId: dst.id })).status).toBe(403);
    expect((await merge(mod, src.id, { intoId: src.id })).status).toBe(400);
    expect((await merge(mod, src.id, { intoId: 999_999 })).status).toBe(400);
    expect((await merge(mod, 999_999, { intoId: dst.id })).status).toBe(404);
    expect((await merge(mod, src.id, {})).status).toBe(400);

    const r = await merge(mod, src.id, { intoId: dst.id });
    expect(r.status).toBe(200);
    expect(tagSchema.parse(r.body)).toMatchObject({ id: dst.id, name: "color", count: 2 });
    expect(await db.select().from(tags).where(eq(tags.id, src.id))).toEqual([]);
    const tagsOf = async (postId: number) =>
      (await db.select({ t: postTags.tagId }).from(postTags).where(eq(postTags.postId, postId))).map((x) => x.t).sort();
    expect(await tagsOf(onlySrc)).toEqual([dst.id]);
    expect(await tagsOf(both)).toEqual([dst.id]);
    expect(await tagsOf(unrelated)).toEqual([other.id]);
    expect((await auditOf("tag.merge")).at(-1)).toMatchObject({
      actorId: mod.id,
      targetId: dst.id,
      before: { merged: { id: src.id, name: "colour" } },
      after: { postsGained: 1 },
    });
  });

  it("a rename is audited", async () => {
    const t = await makeTag("js");
    const r = await call(updateTag, `/api/tags/${t.id}`, {
      method: "PUT",
      token: mod.token,
      params: { id: String(t.id) },
      body: { name: "javascript" },
    });
    expect(r.status).toBe(200);
    expect((await auditOf("tag.update")).at(-1)).toMatchObject({ targetId: t.id, before: { name: "js" }, after: { name: "javascript" } });
  });
});

describe("point goods: retire and offer again", () => {
  it("a retired good leaves the shop, cannot be redeemed, stays in the admin list; audited both ways", async () => {
    const g = await call(createGood, "/api/admin/point-goods", { token: admin.token, body: { name: "Sticker", cost: 5 } });
    expect(g.status).toBe(201);
    const id = String(g.body.id);
    const put = (body: unknown) =>
      call(updateGood, `/api/admin/point-goods/${id}`, { method: "PUT", token: admin.token, params: { id }, body });
    expect((await put({ retired: "yes" })).status).toBe(400);
    const r = await put({ retired: true });
    expect(r.status).toBe(200);
    expect(pointGoodSchema.parse(r.body).retired).toBe(true);
    expect((await call(publicGoods, "/api/point-goods")).body.map((x: { id: number }) => x.id)).not.toContain(g.body.id);
    const adminList = z.array(pointGoodSchema).parse((await call(adminGoods, "/api/admin/point-goods", { token: admin.token })).body);
    expect(adminList.find((x) => x.id === g.body.id)?.retired).toBe(true);
    const refused = await call(redeem, "/api/point-goods/redeem", {
      token: member.token,
      body: { goodId: g.body.id, contact: "me@example.com" },
    });
    expect(refused.status).toBe(409);

    expect((await put({ retired: false })).body.retired).toBe(false);
    expect((await call(publicGoods, "/api/point-goods")).body.map((x: { id: number }) => x.id)).toContain(g.body.id);
    expect((await auditOf("good.create")).at(-1)).toMatchObject({ targetId: g.body.id, before: null, after: { name: "Sticker", cost: 5 } });
    expect((await auditOf("good.retire")).at(-1)).toMatchObject({
      targetId: g.body.id,
      before: { retired: false },
      after: { retired: true },
    });
    expect((await auditOf("good.offer")).at(-1)).toMatchObject({ targetId: g.body.id, after: { retired: false } });
  });
});

describe("site settings", () => {
  const put = (u: TestUser, body: unknown) => call(putConfig, "/api/admin/config", { method: "PUT", token: u.token, body });

  it("shows every setting with the rate limits in force; only admins read or change them", async () => {
    const r = await call(getConfig, "/api/admin/config", { token: admin.token });
    expect(r.status).toBe(200);
    const cfg = siteConfigSchema.parse(r.body);
    expect(cfg).toMatchObject({ publishMode: "DIRECT", registrationMode: "OPEN", flagHideThreshold: 3 });
    expect(cfg.rateLimits.login).toEqual({ limit: expect.any(Number), windowSeconds: expect.any(Number) });
    expect(Object.keys(cfg.rateLimits)).toEqual(expect.arrayContaining(["login", "register", "posts", "comments", "uploads"]));
    expect((await call(getConfig, "/api/admin/config", { token: mod.token })).status).toBe(403);
    expect((await put(mod, { registrationMode: "CLOSED" })).status).toBe(403);
  });

  it("closing registration refuses sign-up with 403 registration_closed; opening it again lets people in; audited", async () => {
    const r = await put(admin, { registrationMode: "CLOSED" });
    expect(r.status).toBe(200);
    expect(r.body.registrationMode).toBe("CLOSED");
    const body = { username: "latecomer", email: "late@example.com", password: "a-long-password-1" };
    const refused = await call(register, "/api/auth/register", { body });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("registration_closed");
    expect((await put(admin, { registrationMode: "OPEN" })).status).toBe(200);
    expect((await call(register, "/api/auth/register", { body })).status).toBe(201);
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.actorId, admin.id)))
      .orderBy(asc(auditLogs.id));
    expect(entries.slice(-2).map((e) => [e.before, e.after])).toEqual([
      [{ registrationMode: "OPEN" }, { registrationMode: "CLOSED" }],
      [{ registrationMode: "CLOSED" }, { registrationMode: "OPEN" }],
    ]);
  });

  it("the flag threshold takes 1..100; a bad value is a 400 and changes nothing", async () => {
    for (const flagHideThreshold of [0, 101, 2.5, "3"]) expect((await put(admin, { flagHideThreshold })).status).toBe(400);
    expect((await put(admin, { registrationMode: "MAYBE" })).status).toBe(400);
    expect((await put(admin, { flagHideThreshold: 5 })).body.flagHideThreshold).toBe(5);
    expect(siteConfigSchema.parse((await call(getConfig, "/api/admin/config", { token: admin.token })).body).flagHideThreshold).toBe(5);
  });
});
