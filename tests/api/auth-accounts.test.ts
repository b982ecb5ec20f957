import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, users } from "@/db/schema";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/users/me/route";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { POST as selectMedal } from "@/app/api/medals/select/route";
import sharp from "sharp";
import { GET as avatar } from "@/app/api/avatars/[username]/route";
import { authResultSchema, profileSchema } from "@/lib/validation/auth";
import { errorSchema, meSchema } from "@/lib/validation/responses";
import { peerHeaders } from "@/lib/api/client-ip";
import { IMAGE_POLICY } from "@/lib/api/csp";
import { call, makeUser } from "../helpers";

let n = 0;
/** Each registration from its own address, so the per-address limit never interferes here. */
const signUp = (body: Record<string, unknown>) =>
  call(register, "/api/auth/register", { method: "POST", body, headers: peerHeaders(`10.0.0.${++n}`) });

describe("POST /api/auth/register", () => {
  it("creates the account and answers 201 with a working login token and the Me object", async () => {
    const r = await signUp({ username: "Alice_1", email: "Alice@Example.test", password: "correct horse" });
    expect(r.status).toBe(201);
    const body = authResultSchema.parse(r.body);
    expect(body.token).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ username: "Alice_1", email: "alice@example.test", role: "USER", point: 0, bot: false });
    // Absolute, from PUBLIC_URL (clients on other origins read it).
    expect(body.user.avatar).toBe("http://localhost:3000/api/avatars/Alice_1");
    expect(body.user.medals).toContain("PIONEER");
    const days = (Date.parse(body.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const m = await call(me, "/api/users/me", { token: body.token });
    expect(m.status).toBe(200);
    expect(meSchema.parse(m.body).id).toBe(body.user.id);

    const [row] = await db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("correct horse");
    const tokens = await db.select().from(apiTokens).where(eq(apiTokens.userId, body.user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ kind: "login", scopes: ["read", "write"] });
  });

  it("refuses a duplicate username or email case-insensitively with 409 and the field", async () => {
    const ok = await signUp({ username: "bob-dup", email: "bob@example.test", password: "password-1" });
    expect(ok.status).toBe(201);
    const sameName = await signUp({ username: "BOB-DUP", email: "other@example.test", password: "password-1" });
    expect(sameName.status).toBe(409);
    expect(errorSchema.parse(sameName.body)).toMatchObject({ code: "conflict", field: "username" });
    const sameEmail = await signUp({ username: "bob-two", email: "BOB@EXAMPLE.TEST", password: "password-1" });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ code: "conflict", field: "email" });
    const count = await db.select().from(users).where(eq(users.email, "bob@example.test"));
    expect(count).toHaveLength(1);
  });

  it.each([
    [{ username: "ab", email: "a@example.test", password: "password-1" }, "username"],
    [{ username: "a".repeat(33), email: "a@example.test", password: "password-1" }, "username"],
    [{ username: "bad name!", email: "a@example.test", password: "password-1" }, "username"],
    [{ username: "carol", email: "not-an-email", password: "password-1" }, "email"],
    [{ username: "carol", email: "c@example.test", password: "short" }, "password"],
    [{ username: "carol", email: "c@example.test", password: "é".repeat(40) }, "password"],
    [{ username: "carol", email: "c@example.test" }, "password"],
  ])("answers 400 with the field for weak input %#", async (input, field) => {
    const r = await signUp(input);
    expect(r.status).toBe(400);
    expect(errorSchema.parse(r.body)).toMatchObject({ code: "validation_failed", field });
  });

  it("answers 400 for a malformed body", async () => {
    const r = await call(register, "/api/auth/register", {
      method: "POST",
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("bad_request");
  });
});

describe("POST /api/auth/login", () => {
  it("signs in by username or email and issues a read+write token valid 30 days", async () => {
    const u = await makeUser({ username: "dave", password: "dave-password" });
    for (const identifier of ["dave", "DAVE", "dave@example.test"]) {
      const r = await call(login, "/api/auth/login", { method: "POST", body: { username: identifier, password: "dave-password" } });
      expect(r.status, identifier).toBe(200);
      const body = authResultSchema.parse(r.body);
      expect(body.user.id).toBe(u.id);
      const m = await call(me, "/api/users/me", { token: body.token });
      expect(m.body.username).toBe("dave");
    }
    const byEmailKey = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: "dave@example.test", password: "dave-password" },
    });
    expect(byEmailKey.status).toBe(200);
    const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, u.id));
    const logins = rows.filter((t) => t.kind === "login");
    expect(logins).toHaveLength(4);
    for (const t of logins) {
      expect(t.scopes).toEqual(["read", "write"]);
      expect(t.expiresAt!.getTime() - t.createdAt.getTime()).toBeGreaterThan(29.9 * 86_400_000);
    }
  });

  it("answers 401 for a wrong password or an unknown user, 400 without a password", async () => {
    await makeUser({ username: "erin", password: "erin-password" });
    const wrong = await call(login, "/api/auth/login", { method: "POST", body: { username: "erin", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(errorSchema.parse(wrong.body).code).toBe("unauthorized");
    const unknown = await call(login, "/api/auth/login", { method: "POST", body: { username: "nobody", password: "nope-nope" } });
    expect(unknown.status).toBe(401);
    const missing = await call(login, "/api/auth/login", { method: "POST", body: { username: "erin" } });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe("password");
  });
});

describe("GET /api/users/me and /api/users/{username}", () => {
  it("answers 401 anonymously and for an invalid token", async () => {
    expect((await call(me, "/api/users/me")).status).toBe(401);
    const bad = await call(me, "/api/users/me", { token: "fp_not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("unauthorized");
  });

  it("gives a public profile without email, case-insensitively, and 404 for an unknown name", async () => {
    const u = await makeUser({ username: "Frank" });
    const r = await call(profile, "/api/users/frank", { params: { idOrUsername: "frank" } });
    expect(r.status).toBe(200);
    const p = profileSchema.parse(r.body);
    expect(p).toMatchObject({ id: u.id, username: "Frank", role: "USER", postCount: 0, commentCount: 0, currentLevel: 0 });
    expect(r.body).not.toHaveProperty("email");
    expect(r.text).not.toContain("@example.test");
    const missing = await call(profile, "/api/users/ghost", { params: { idOrUsername: "ghost" } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });

  it("rejects an invalid bearer token even on the public profile", async () => {
    await makeUser({ username: "grace" });
    const r = await call(profile, "/api/users/grace", { params: { idOrUsername: "grace" }, token: "fp_bogus" });
    expect(r.status).toBe(401);
  });
});

describe("POST /api/medals/select", () => {
  it("selects an earned medal and refuses one not earned with 400", async () => {
    const u = await makeUser();
    const ok = await call(selectMedal, "/api/medals/select", { method: "POST", token: u.token, body: { type: "PIONEER" } });
    expect(ok.status).toBe(200);
    expect(meSchema.parse(ok.body).displayMedal).toBe("PIONEER");
    const refused = await call(selectMedal, "/api/medals/select", { method: "POST", token: u.token, body: { type: "COMMENT" } });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe("type");
    const unknown = await call(selectMedal, "/api/medals/select", { method: "POST", token: u.token, body: { type: "GOLD" } });
    expect(unknown.status).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.displayMedal).toBe("PIONEER");
    expect((await call(selectMedal, "/api/medals/select", { method: "POST", body: { type: "PIONEER" } })).status).toBe(401);
  });
});

describe("GET /api/avatars/{username}", () => {
  it("serves a deterministic, locked-down identicon PNG with a long cache", async () => {
    const get = (name: string) =>
      avatar(new Request(`http://localhost:3000/api/avatars/${name}`), { params: Promise.resolve({ username: name }) });
    const a = await get("heidi");
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("image/png");
    // The image-only policy next.config.ts also sends for /api/avatars/*.
    expect(a.headers.get("content-security-policy")).toBe(IMAGE_POLICY);
    expect(a.headers.get("content-security-policy")).toMatch(/^default-src 'none'.*sandbox$/);
    expect(a.headers.get("cache-control")).toContain("max-age=31536000");
    const png = Buffer.from(await a.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 120, 120]);
    // Two colours: the background and the name's own, in a left-right mirrored pattern.
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += meta.channels!) colours.add(data.subarray(i, i + 3).toString("hex"));
    expect(colours.size).toBe(2);
    const px = (x: number, y: number) => data.subarray((y * 120 + x) * meta.channels!, (y * 120 + x) * meta.channels! + 3).toString("hex");
    for (const [x, y] of [
      [15, 15],
      [35, 55],
      [15, 95],
    ] as const)
      expect(px(x, y)).toBe(px(119 - x, y));
    expect(Buffer.from(await (await get("HEIDI")).arrayBuffer()).equals(png)).toBe(true); // any case, the same picture
    expect(Buffer.from(await (await get("ivan")).arrayBuffer()).equals(png)).toBe(false);
    // A browser holding the picture revalidates it for nothing.
    const again = await avatar(
      new Request("http://localhost:3000/api/avatars/heidi", { headers: { "if-none-match": a.headers.get("etag")! } }),
      {
        params: Promise.resolve({ username: "heidi" }),
      },
    );
    expect(again.status).toBe(304);
  });
});
