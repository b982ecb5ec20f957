// Categories worth having (issue 57 item 5): admins set a colour (AA contrast in both themes), a slug
// (/c/{slug} and GET /api/categories/{slug} beside the id), a named or uploaded icon, and one level of
// parents (no cycles, no depth 2); GET /api/categories/{id}/tags lists the category's own tags.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts, postTags } from "@/db/schema";
import { GET as listCategories, POST as createCategory } from "@/app/api/categories/route";
import { DELETE as deleteCategory, GET as getCategory, PUT as updateCategory } from "@/app/api/categories/[id]/route";
import { GET as categoryTags } from "@/app/api/categories/[id]/tags/route";
import { PUT as putPermissions } from "@/app/api/admin/categories/[id]/permissions/route";
import { categoryFullSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let admin: TestUser, moderator: TestUser, member: TestUser;
const hex = () => randomBytes(3).toString("hex");

const put = (id: number, body: Record<string, unknown>, by: TestUser = admin) =>
  call(updateCategory, `/api/categories/${id}`, { method: "PUT", token: by.token, body, params: { id: String(id) } });
const get = (key: string | number, token?: string) => call(getCategory, `/api/categories/${key}`, { token, params: { id: String(key) } });

beforeAll(async () => {
  [admin, moderator, member] = await Promise.all([makeUser({ role: "ADMIN" }), makeUser({ role: "MODERATOR" }), makeUser()]);
});

describe("category colour", () => {
  it("is set (lowercased) and cleared by admins; a colour without AA contrast in a theme is a 400 naming color", async () => {
    const c = await makeCategory();
    const ok = await put(c.id, { color: "#0369A1" });
    expect(ok.status, ok.text).toBe(200);
    expect(categoryFullSchema.parse(ok.body).color).toBe("#0369a1");
    // Too light for the light theme (1.07:1 against white), too dark for the dark one (1.2:1 against #09090b).
    const light = await put(c.id, { color: "#ffff00" });
    expect(light.status).toBe(400);
    expect(light.body.field).toBe("color");
    expect(light.body.error).toMatch(/light theme/);
    const dark = await put(c.id, { color: "#1e1b4b" });
    expect(dark.status).toBe(400);
    expect(dark.body.field).toBe("color");
    expect(dark.body.error).toMatch(/dark theme/);
    const format = await put(c.id, { color: "blue" });
    expect(format.status).toBe(400);
    expect([format.body.field, format.body.code]).toEqual(["color", "validation_failed"]);
    expect((await get(c.id)).body.color).toBe("#0369a1");
    expect((await put(c.id, { color: null })).body.color).toBeNull();
    expect((await put(c.id, { color: "#0369a1" }, moderator)).status).toBe(403);
  });
});

describe("category slug", () => {
  it("is unique, lowercase ascii/digits/dashes, not digits alone; the category answers by slug and by id", async () => {
    const c = await makeCategory();
    const other = await makeCategory();
    const slug = `design-${hex()}`;
    const set = await put(c.id, { slug });
    expect(set.status, set.text).toBe(200);
    expect(set.body.slug).toBe(slug);
    const bySlug = await get(slug);
    expect(bySlug.status, bySlug.text).toBe(200);
    expect(bySlug.body).toMatchObject({ id: c.id, slug });
    expect((await get(c.id)).body.slug).toBe(slug);

    const taken = await put(other.id, { slug });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/slug/);
    for (const bad of ["Design", "two words", "dash-", "-dash", "a--b", "123", "ünï", "x".repeat(65)]) {
      const r = await put(other.id, { slug: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.field, bad).toBe("slug");
    }
    // Created with one, and taken on create too.
    const made = await call(createCategory, "/api/categories", {
      token: admin.token,
      body: { name: `Made ${hex()}`, slug: `made-${hex()}` },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.slug).toMatch(/^made-/);
    const dup = await call(createCategory, "/api/categories", { token: admin.token, body: { name: `Dup ${hex()}`, slug } });
    expect(dup.status).toBe(409);
    // Cleared: the slug no longer finds it; the id still does.
    expect((await put(c.id, { slug: null })).body.slug).toBeNull();
    expect((await get(slug)).status).toBe(404);
    expect((await get(c.id)).status).toBe(200);
  });

  it("a category hidden from the reader is 404 by slug as by id", async () => {
    const c = await makeCategory();
    const slug = `staff-room-${hex()}`;
    await put(c.id, { slug });
    const p = await call(putPermissions, `/api/admin/categories/${c.id}/permissions`, {
      method: "PUT",
      token: admin.token,
      body: { see: ["staff"] },
      params: { id: String(c.id) },
    });
    expect(p.status, p.text).toBe(200);
    expect((await get(slug, member.token)).status).toBe(404);
    expect((await get(slug)).status).toBe(404);
    expect((await get(slug, moderator.token)).status).toBe(200);
    // Its tags too.
    const tags = (token?: string) => call(categoryTags, `/api/categories/${c.id}/tags`, { token, params: { id: String(c.id) } });
    expect((await tags(member.token)).status).toBe(404);
    expect((await tags(moderator.token)).status).toBe(200);
  });
});

describe("category icon", () => {
  it("is a named icon of the icon set or an uploaded image; unsafe addresses are refused", async () => {
    const c = await makeCategory();
    expect((await put(c.id, { icon: "flame" })).body.icon).toBe("flame");
    const upload = `/uploads/ab/${"a".repeat(64)}.png`;
    // Answered absolute (lib/api/absolute-urls.ts), stored as the site path.
    expect((await put(c.id, { icon: upload })).body.icon).toBe(`http://localhost:3000${upload}`);
    expect((await db.select({ icon: categories.icon }).from(categories).where(eq(categories.id, c.id)))[0]?.icon).toBe(upload);
    const bad = await put(c.id, { icon: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("icon");
  });
});

describe("category parent (one level)", () => {
  it("nests a category under a top-level one; refuses itself, a sub-category as parent, a parent with children, cycles and unknown ids", async () => {
    const top = await makeCategory();
    const sub = await makeCategory();
    const third = await makeCategory();
    const nest = await put(sub.id, { parentId: top.id });
    expect(nest.status, nest.text).toBe(200);
    expect(nest.body.parentId).toBe(top.id);

    const self = await put(third.id, { parentId: third.id });
    expect([self.status, self.body.field]).toEqual([400, "parentId"]);
    expect(self.body.error).toMatch(/own parent/);
    // Depth 2: under a sub-category.
    const deep = await put(third.id, { parentId: sub.id });
    expect([deep.status, deep.body.field]).toEqual([400, "parentId"]);
    expect(deep.body.error).toMatch(/sub-category/);
    // A category with sub-categories cannot become one.
    const withChildren = await put(top.id, { parentId: third.id });
    expect([withChildren.status, withChildren.body.field]).toEqual([400, "parentId"]);
    // The cycle top → sub → top.
    const cycle = await put(top.id, { parentId: sub.id });
    expect(cycle.status).toBe(400);
    const unknown = await put(third.id, { parentId: 2_000_000_000 });
    expect([unknown.status, unknown.body.field]).toEqual([400, "parentId"]);
    const created = await call(createCategory, "/api/categories", {
      token: admin.token,
      body: { name: `Child ${hex()}`, parentId: sub.id },
    });
    expect(created.status).toBe(400);

    // The list carries the parent; un-nesting with null.
    const list = await call(listCategories, "/api/categories");
    const row = (list.body as { id: number; parentId: number | null }[]).find((c) => c.id === sub.id);
    expect(row?.parentId).toBe(top.id);
    expect((await put(sub.id, { parentId: null })).body.parentId).toBeNull();
    expect((await put(top.id, { parentId: third.id })).status).toBe(200);
  });

  it("deleting a parent leaves its sub-categories top-level", async () => {
    const top = await makeCategory();
    const sub = await makeCategory();
    expect((await put(sub.id, { parentId: top.id })).status).toBe(200);
    const d = await call(deleteCategory, `/api/categories/${top.id}`, {
      method: "DELETE",
      token: admin.token,
      params: { id: String(top.id) },
    });
    expect(d.status, d.text).toBe(204);
    const [row] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, sub.id));
    expect(row?.parentId).toBeNull();
  });
});

describe("GET /api/categories/{id}/tags", () => {
  it("the tags of the category's own published, public posts, most used first; not other categories' tags", async () => {
    const mine = await makeCategory();
    const other = await makeCategory();
    const [a, b, elsewhere, held] = await Promise.all([makeTag(), makeTag(), makeTag(), makeTag()]);
    const post = async (categoryId: number, tagIds: number[], status: "PUBLISHED" | "PENDING" = "PUBLISHED") => {
      const [p] = await db.insert(posts).values({ title: "t", content: "c", authorId: member.id, categoryId, status }).returning();
      await db.insert(postTags).values(tagIds.map((tagId) => ({ postId: p!.id, tagId })));
    };
    await post(mine.id, [a.id, b.id]);
    await post(mine.id, [a.id]);
    await post(mine.id, [held.id], "PENDING");
    await post(other.id, [elsewhere.id, a.id]);
    const r = await call(categoryTags, `/api/categories/${mine.id}/tags`, { params: { id: String(mine.id) } });
    expect(r.status, r.text).toBe(200);
    expect((r.body as { name: string; count: number }[]).map((t) => [t.name, t.count])).toEqual([
      [a.name, 2],
      [b.name, 1],
    ]);
    const one = await call(categoryTags, `/api/categories/${mine.id}/tags?limit=1`, { params: { id: String(mine.id) } });
    expect(one.body).toHaveLength(1);
    expect((await call(categoryTags, "/api/categories/999999/tags", { params: { id: "999999" } })).status).toBe(404);
    const tooMany = await call(categoryTags, `/api/categories/${mine.id}/tags?limit=1000`, { params: { id: String(mine.id) } });
    expect(tooMany.status).toBe(400);
  });
});
