import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { categories, posts } from "@/db/schema";
import { GET as listCategories, POST as createCategory } from "@/app/api/categories/route";
import { DELETE as deleteCategory, GET as getCategory, PUT as updateCategory } from "@/app/api/categories/[id]/route";
import { categoryFullSchema as categorySchema, errorSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeUser } from "../helpers";

type Scope = "ALL" | "ONLY_ME" | "ONLY_REGISTER";
async function makePost(
  authorId: number,
  categoryId: number,
  o: { status?: "PUBLISHED" | "PENDING" | "REJECTED"; visibleScope?: Scope } = {},
) {
  const [p] = await db
    .insert(posts)
    .values({ title: "t", content: "c", authorId, categoryId, status: o.status ?? "PUBLISHED", visibleScope: o.visibleScope ?? "ALL" })
    .returning();
  return p!;
}

describe("GET /api/categories", () => {
  it("counts only PUBLISHED, ALL-visible posts and orders by count desc then name", async () => {
    const author = await makeUser();
    const b = await makeCategory("b-two");
    const a = await makeCategory("a-two");
    const c = await makeCategory("c-three");
    const z0 = await makeCategory("zero");
    await makePost(author.id, a.id);
    await makePost(author.id, a.id);
    await makePost(author.id, b.id);
    await makePost(author.id, b.id);
    for (let i = 0; i < 3; i++) await makePost(author.id, c.id);
    // none of these count
    await makePost(author.id, z0.id, { status: "PENDING" });
    await makePost(author.id, z0.id, { status: "REJECTED" });
    await makePost(author.id, z0.id, { visibleScope: "ONLY_ME" });
    await makePost(author.id, z0.id, { visibleScope: "ONLY_REGISTER" });

    const r = await call(listCategories, "/api/categories");
    expect(r.status).toBe(200);
    const list = z.array(categorySchema).parse(r.body);
    expect(list.map((x) => [x.name, x.count])).toEqual([
      ["c-three", 3],
      ["a-two", 2],
      ["b-two", 2],
      ["zero", 0],
    ]);
    expect(list[1]).toEqual({
      id: a.id,
      name: "a-two",
      description: "a-two talk",
      icon: "💬",
      smallIcon: "💬",
      count: 2,
      // The extras (issue 57 item 5), after OpenIsle's fields.
      slug: null,
      color: null,
      parentId: null,
      position: 0,
    });
  });

  it("GET /api/categories/{id}: the category, 404 unknown (id or slug), 400 neither an id nor a slug", async () => {
    const c = await makeCategory("single");
    const ok = await call(getCategory, `/api/categories/${c.id}`, { params: { id: String(c.id) } });
    expect(ok.status).toBe(200);
    expect(categorySchema.parse(ok.body).name).toBe("single");
    expect((await call(getCategory, "/api/categories/999999", { params: { id: "999999" } })).status).toBe(404);
    expect((await call(getCategory, "/api/categories/no-such-slug", { params: { id: "no-such-slug" } })).status).toBe(404);
    const bad = await call(getCategory, "/api/categories/X_y", { params: { id: "X_y" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
  });
});

describe("category writes (admin only)", () => {
  it("creates with 201, rejects USER/MODERATOR (403) and anonymous (401)", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const mod = await makeUser({ role: "MODERATOR" });
    const user = await makeUser();
    const body = { name: "News", description: "What happens", icon: "📰", smallIcon: "n" };
    expect((await call(createCategory, "/api/categories", { body })).status).toBe(401);
    for (const who of [user, mod]) {
      const r = await call(createCategory, "/api/categories", { token: who.token, body });
      expect(r.status).toBe(403);
      errorSchema.parse(r.body);
    }
    const r = await call(createCategory, "/api/categories", { token: admin.token, body });
    expect(r.status).toBe(201);
    expect(categorySchema.parse(r.body)).toMatchObject({ ...body, count: 0 });
    const rows = await db.select().from(categories).where(eq(categories.name, "News"));
    expect(rows).toHaveLength(1);
  });

  it("duplicate names (case-insensitive) are 409, on create and on rename", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    await makeCategory("Dup");
    const other = await makeCategory("Other");
    const r = await call(createCategory, "/api/categories", { token: admin.token, body: { name: "dUP" } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("conflict");
    const u = await call(updateCategory, `/api/categories/${other.id}`, {
      method: "PUT",
      token: admin.token,
      body: { name: "DUP" },
      params: { id: String(other.id) },
    });
    expect(u.status).toBe(409);
  });

  it("validation errors are 400 with field", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(65) }, "name"],
      [{}, "name"],
      [{ name: "ok", icon: 5 }, "icon"],
    ] as const) {
      const r = await call(createCategory, "/api/categories", { token: admin.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe(field);
      expect(r.body.code).toBe("validation_failed");
    }
    const bad = await call(createCategory, "/api/categories", {
      token: admin.token,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
      method: "POST",
    });
    expect(bad.status).toBe(400);
  });

  it("updates (admin), 403 for moderators, 404 unknown", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const mod = await makeUser({ role: "MODERATOR" });
    const c = await makeCategory("Before");
    const params = { id: String(c.id) };
    const denied = await call(updateCategory, `/api/categories/${c.id}`, {
      method: "PUT",
      token: mod.token,
      body: { name: "After" },
      params,
    });
    expect(denied.status).toBe(403);
    const r = await call(updateCategory, `/api/categories/${c.id}`, {
      method: "PUT",
      token: admin.token,
      body: { name: "After", description: "new" },
      params,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, name: "After", description: "new", icon: "💬" });
    const missing = await call(updateCategory, "/api/categories/999999", {
      method: "PUT",
      token: admin.token,
      body: { name: "Z" },
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
  });

  it("deletes (admin) an unused category; 409 while posts use it; 403 for users", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const user = await makeUser();
    const used = await makeCategory("Used");
    const unused = await makeCategory("Unused");
    await makePost(user.id, used.id, { status: "PENDING" });
    const p = (c: { id: number }) => ({ params: { id: String(c.id) } });
    expect((await call(deleteCategory, `/api/categories/${unused.id}`, { method: "DELETE", token: user.token, ...p(unused) })).status).toBe(
      403,
    );
    const conflictRes = await call(deleteCategory, `/api/categories/${used.id}`, {
      method: "DELETE",
      token: admin.token,
      ...p(used),
    });
    expect(conflictRes.status).toBe(409);
    const ok = await call(deleteCategory, `/api/categories/${unused.id}`, { method: "DELETE", token: admin.token, ...p(unused) });
    expect(ok.status).toBe(204);
    expect(await db.select().from(categories).where(eq(categories.id, unused.id))).toHaveLength(0);
    expect(await db.select().from(categories).where(eq(categories.id, used.id))).toHaveLength(1);
    const again = await call(deleteCategory, `/api/categories/${unused.id}`, {
      method: "DELETE",
      token: admin.token,
      ...p(unused),
    });
    expect(again.status).toBe(404);
  });
});
