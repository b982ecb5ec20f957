import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { POST as avatar } from "@/app/api/users/me/avatar/route";
import { GET as profile } from "@/app/api/users/[idOrUsername]/route";
import { GET as serve } from "@/app/uploads/[...path]/route";
import { errorSchema, meSchema } from "@/lib/validation/responses";
import { avatarResultSchema } from "@/lib/validation/users";
import { call, makeUser, sessionCookie } from "../helpers";
import { jpegWithGps, png, SVG } from "./upload-fixtures";

const put = (token: string | undefined, body: unknown, headers?: Record<string, string>) =>
  call(updateMe, "/api/users/me", { method: "PUT", token, body, headers });

describe("PUT /api/users/me", () => {
  it("changes the introduction, shown on the public profile", async () => {
    const u = await makeUser();
    const r = await put(u.token, { introduction: "Hello, I **write** tests.\n\n" });
    expect(r.status).toBe(200);
    expect(meSchema.parse(r.body).introduction).toBe("Hello, I **write** tests.");
    const p = await call(profile, `/api/users/${u.username}`, { params: { idOrUsername: u.username } });
    expect(p.body.introduction).toBe("Hello, I **write** tests.");
    const [row] = await db.select({ introduction: users.introduction }).from(users).where(eq(users.id, u.id));
    expect(row!.introduction).toBe("Hello, I **write** tests.");
  });

  it("accepts only an earned medal, and null to go back to the best earned one", async () => {
    const u = await makeUser();
    const earned = (await call(me, "/api/users/me", { token: u.token })).body.medals as string[];
    expect(earned.length).toBeGreaterThan(0);
    const chosen = earned[earned.length - 1]!;
    const ok = await put(u.token, { displayMedal: chosen });
    expect(ok.status).toBe(200);
    expect(ok.body.displayMedal).toBe(chosen);
    const bad = await put(u.token, { displayMedal: "COMMENT" });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toBe("displayMedal");
    const reset = await put(u.token, { displayMedal: null });
    expect(reset.body.displayMedal).toBe(earned[0]);
    const [row] = await db.select({ displayMedal: users.displayMedal }).from(users).where(eq(users.id, u.id));
    expect(row!.displayMedal).toBeNull();
  });

  it("renames when the name is free (case-insensitively), 409 on username otherwise", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const taken = await put(a.token, { username: b.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(errorSchema.parse(taken.body)).toMatchObject({ code: "conflict", field: "username" });
    const fresh = `renamed-${a.id}`;
    const r = await put(a.token, { username: fresh });
    expect(r.status).toBe(200);
    expect(r.body.username).toBe(fresh);
    expect((await call(profile, `/api/users/${fresh}`, { params: { idOrUsername: fresh } })).body.id).toBe(a.id);
    // Renaming to one's own name in another case is allowed.
    expect((await put(a.token, { username: fresh.toUpperCase() })).status).toBe(200);
  });

  it("validates: 400 with the field for a bad username or a long introduction, 401 anonymous, 403 for a read token", async () => {
    const u = await makeUser();
    const badName = await put(u.token, { username: "a b" });
    expect(badName.status).toBe(400);
    expect(errorSchema.parse(badName.body).field).toBe("username");
    const long = await put(u.token, { introduction: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("introduction");
    expect((await put(undefined, { introduction: "x" })).status).toBe(401);
    const reader = await makeUser({ scopes: ["read"] });
    expect((await put(reader.token, { introduction: "x" })).status).toBe(403);
  });

  it("refuses a cross-site cookie write", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    const r = await put(undefined, { introduction: "csrf" }, { cookie, origin: "https://evil.example" });
    expect(r.status).toBe(403);
    const [row] = await db.select({ introduction: users.introduction }).from(users).where(eq(users.id, u.id));
    expect(row!.introduction).toBe("");
  });
});

describe("POST /api/users/me/avatar", () => {
  it("stores a re-encoded image without metadata and makes it the avatar (JSON and multipart)", async () => {
    const u = await makeUser();
    const before = (await call(me, "/api/users/me", { token: u.token })).body.avatar as string;
    expect(before).toMatch(/^http:\/\/localhost:3000\/api\/avatars\//);

    const r = await call(avatar, "/api/users/me/avatar", {
      method: "POST",
      token: u.token,
      body: { file: (await jpegWithGps()).toString("base64") },
    });
    expect(r.status).toBe(200);
    const result = avatarResultSchema.parse(r.body);
    // The API answers absolute URLs; the row keeps the site-relative path.
    expect(result.url).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    expect(result.user.avatar).toBe(result.url);
    const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, u.id));
    expect(`http://localhost:3000${row!.avatar}`).toBe(result.url);

    const [dir, file] = new URL(result.url).pathname.split("/").filter(Boolean).slice(1);
    const res = await serve(new Request(result.url), { params: Promise.resolve({ path: [dir!, file!] }) });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();

    const form = new FormData();
    form.append("file", new File([new Uint8Array(await png(16, 16, "blue"))], "me.png", { type: "image/png" }));
    const multi = await call(avatar, "/api/users/me/avatar", { method: "POST", token: u.token, rawBody: form });
    expect(multi.status).toBe(200);
    expect(multi.body.url).not.toBe(result.url);
    const p = await call(profile, `/api/users/${u.id}`, { params: { idOrUsername: String(u.id) } });
    expect(p.body.avatar).toBe(multi.body.url);
  });

  it("refuses what is not an image (415) and anonymous callers (401), leaving the avatar alone", async () => {
    const u = await makeUser();
    const svg = await call(avatar, "/api/users/me/avatar", { method: "POST", token: u.token, body: { file: SVG.toString("base64") } });
    expect(svg.status).toBe(415);
    errorSchema.parse(svg.body);
    const anon = await call(avatar, "/api/users/me/avatar", { method: "POST", body: { file: (await png()).toString("base64") } });
    expect(anon.status).toBe(401);
    const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, u.id));
    expect(row!.avatar).toBe("");
  });
});
