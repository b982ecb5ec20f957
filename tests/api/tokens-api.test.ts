import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { apiTokens } from "@/db/schema";
import { GET as listTokens, POST as createToken } from "@/app/api/tokens/route";
import { DELETE as revokeToken } from "@/app/api/tokens/[id]/route";
import { GET as me } from "@/app/api/users/me/route";
import { POST as selectMedal } from "@/app/api/medals/select/route";
import { apiTokenSchema, createdTokenSchema } from "@/lib/validation/auth";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, sessionCookie } from "../helpers";

const create = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  call(createToken, "/api/tokens", { method: "POST", token, body, headers });
const revoke = (token: string, id: number) =>
  call(revokeToken, `/api/tokens/${id}`, { method: "DELETE", token, params: { id: String(id) } });

describe("personal API tokens", () => {
  it("creates a token shown once, lists it without the secret, and the token works as a bearer", async () => {
    const u = await makeUser();
    const r = await create(u.token, { name: "CI bot", scopes: ["read", "write"], expiresInDays: 30 });
    expect(r.status).toBe(201);
    const t = createdTokenSchema.parse(r.body);
    expect(t).toMatchObject({ name: "CI bot", scopes: ["read", "write"], lastUsedAt: null, prefix: t.token.slice(0, 10) });
    expect(t.token).toMatch(/^fp_/);
    expect(Math.round((Date.parse(t.expiresAt!) - Date.now()) / 86_400_000)).toBe(30);

    const list = await call(listTokens, "/api/tokens", { token: u.token });
    expect(list.status).toBe(200);
    const items = apiTokenSchema.array().parse(list.body);
    expect(items.map((i) => i.name)).toContain("CI bot");
    expect(list.text).not.toContain(t.token);
    for (const item of list.body) expect(item).not.toHaveProperty("token");

    const m = await call(me, "/api/users/me", { token: t.token });
    expect(m.status).toBe(200);
    expect(m.body.id).toBe(u.id);
    const after = await call(listTokens, "/api/tokens", { token: u.token });
    expect(after.body.find((i: { id: number }) => i.id === t.id).lastUsedAt).not.toBeNull();
  });

  it("stores only the SHA-256 hash: no row of the database contains the token", async () => {
    const u = await makeUser();
    const t = (await create(u.token, { name: "secret check", scopes: ["read"] })).body.token as string;
    const [row] = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, createHash("sha256").update(t).digest("hex")));
    expect(row).toBeDefined();
    const dump = await rawRows<{ j: string }>(db, sql`select row_to_json(t)::text as j from api_tokens t`);
    expect(dump.length).toBeGreaterThan(0);
    for (const d of dump) expect(d.j).not.toContain(t.slice(3));
    const everywhere = await rawRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from (
        select row_to_json(u)::text as j from users u union all select row_to_json(r)::text from rate_limits r
      ) x where j like ${"%" + t.slice(3) + "%"}`,
    );
    expect(everywhere[0]!.n).toBe(0);
  });

  it("defaults to no expiry and validates name, scopes and expiresInDays with 400 and the field", async () => {
    const u = await makeUser();
    const ok = await create(u.token, { name: "forever", scopes: ["read"] });
    expect(ok.status).toBe(201);
    expect(ok.body.expiresAt).toBeNull();
    const cases: [unknown, string][] = [
      [{ name: "", scopes: ["read"] }, "name"],
      [{ name: "x".repeat(65), scopes: ["read"] }, "name"],
      [{ name: "w", scopes: ["write"] }, "scopes"],
      [{ name: "w", scopes: [] }, "scopes"],
      [{ name: "w", scopes: ["admin"] }, "scopes.0"],
      [{ name: "w", scopes: ["read"], expiresInDays: 0 }, "expiresInDays"],
      [{ name: "w", scopes: ["read"], expiresInDays: 366 }, "expiresInDays"],
    ];
    for (const [body, field] of cases) {
      const r = await create(u.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorSchema.parse(r.body).field).toBe(field);
    }
  });

  it("gives a read token 403 on writes (including token management) but lets it read", async () => {
    const u = await makeUser();
    const read = (await create(u.token, { name: "reader", scopes: ["read"] })).body.token as string;
    expect((await call(me, "/api/users/me", { token: read })).status).toBe(200);
    const w = await create(read, { name: "escalate", scopes: ["read", "write"] });
    expect(w.status).toBe(403);
    expect(w.body.code).toBe("forbidden");
    expect((await call(listTokens, "/api/tokens", { token: read })).status).toBe(403);
    expect((await call(selectMedal, "/api/medals/select", { method: "POST", token: read, body: { type: "PIONEER" } })).status).toBe(403);
    const readOnly = await makeUser({ scopes: ["read"] });
    expect((await create(readOnly.token, { name: "x", scopes: ["read"] })).status).toBe(403);
  });

  it("answers 401 for an expired or revoked token", async () => {
    const u = await makeUser();
    const created = (await create(u.token, { name: "short", scopes: ["read", "write"], expiresInDays: 1 })).body;
    expect((await call(me, "/api/users/me", { token: created.token })).status).toBe(200);
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id));
    const expired = await call(me, "/api/users/me", { token: created.token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("unauthorized");

    const other = (await create(u.token, { name: "to revoke", scopes: ["read"] })).body;
    expect((await revoke(u.token, other.id)).status).toBe(204);
    expect((await call(me, "/api/users/me", { token: other.token })).status).toBe(401);
    const list = await call(listTokens, "/api/tokens", { token: u.token });
    expect(list.body.map((t: { id: number }) => t.id)).not.toContain(other.id);
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, other.id));
    expect(row!.revokedAt).not.toBeNull();
    expect((await revoke(u.token, other.id)).status).toBe(404);
  });

  it("refuses to revoke another user's token (404) and leaves it working", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const bt = (await create(b.token, { name: "b's", scopes: ["read"] })).body;
    const r = await revoke(a.token, bt.id);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("not_found");
    expect((await call(me, "/api/users/me", { token: bt.token })).status).toBe(200);
    expect((await call(revokeToken, "/api/tokens/abc", { method: "DELETE", token: a.token, params: { id: "abc" } })).status).toBe(400);
  });

  it("needs a signed-in caller", async () => {
    expect((await call(listTokens, "/api/tokens")).status).toBe(401);
    expect((await create(undefined, { name: "x", scopes: ["read"] })).status).toBe(401);
    expect((await call(revokeToken, "/api/tokens/1", { method: "DELETE", params: { id: "1" } })).status).toBe(401);
  });

  it("answers 401 for an invalid token even on public endpoints", async () => {
    const publicRoutes = [
      ["app/api/categories/route.ts", "/api/categories"],
      ["app/api/reaction-types/route.ts", "/api/reaction-types"],
    ] as const;
    for (const [file, path] of publicRoutes) {
      if (!existsSync(file)) continue;
      const mod = (await import(/* @vite-ignore */ `@/${file.replace(/\.ts$/, "")}`)) as { GET: Parameters<typeof call>[0] };
      expect((await call(mod.GET, path, { token: "fp_invalid" })).status, path).toBe(401);
      expect((await call(mod.GET, path)).status, path).toBe(200);
    }
    expect((await call(me, "/api/users/me", { token: "fp_invalid" })).status).toBe(401);
    expect((await call(me, "/api/users/me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });
});

describe("cookie sessions and CSRF", () => {
  it("accepts a same-origin cookie write and refuses a foreign Origin with 403", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    const list = await call(listTokens, "/api/tokens", { headers: { cookie } });
    expect(list.status).toBe(200);
    const same = await create(undefined, { name: "from page", scopes: ["read"] }, { cookie, origin: "http://localhost:3000" });
    expect(same.status).toBe(201);
    const fetchMeta = await create(undefined, { name: "sec-fetch", scopes: ["read"] }, { cookie, "sec-fetch-site": "same-origin" });
    expect(fetchMeta.status).toBe(201);
    const foreign = await create(undefined, { name: "evil", scopes: ["read", "write"] }, { cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("forbidden");
    const crossSite = await create(undefined, { name: "evil2", scopes: ["read"] }, { cookie, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const del = await call(revokeToken, `/api/tokens/${same.body.id}`, {
      method: "DELETE",
      params: { id: String(same.body.id) },
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(del.status).toBe(403);
    const names = (await db.select().from(apiTokens).where(eq(apiTokens.userId, u.id))).map((t) => t.name);
    expect(names).not.toContain("evil");
    expect(names).not.toContain("evil2");
  });
});
