// The rate limits are site settings: admins read and change them through GET/PUT /api/admin/config
// (the form on /admin/settings), the next request obeys them, each change is audited, and counting a
// hit reads the limit in the same statement (no query of its own).
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, dbStats, rawRows } from "@/db";
import { auditLogs, RATE_LIMIT_DEFAULTS } from "@/db/schema";
import { GET as getConfig, PUT as putConfig } from "@/app/api/admin/config/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { hitSiteRateLimit } from "@/lib/limits/rate-limit";
import { errorSchema, siteConfigSchema } from "@/lib/validation/responses";
import { sql } from "drizzle-orm";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost } from "./comments-fixtures";

const put = (u: TestUser | null, body: unknown) => call(putConfig, "/api/admin/config", { method: "PUT", token: u?.token, body });
const comment = (post: number, u: TestUser) =>
  call(postComment, `/api/posts/${post}/comments`, { token: u.token, body: { content: "Nice post" }, params: { id: String(post) } });
const signIn = (username: string, password: string, ip: string) =>
  call(login, "/api/auth/login", { method: "POST", headers: peerHeaders(ip), body: { username, password } });
const settingsAudit = (actorId: number) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.actorId, actorId)))
    .orderBy(asc(auditLogs.id));

describe("rate limits in /api/admin/config", () => {
  it("shows every action's limit, the former environment defaults until an admin changes them", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const r = await call(getConfig, "/api/admin/config", { token: admin.token });
    expect(r.status).toBe(200);
    expect(siteConfigSchema.parse(r.body).rateLimits).toEqual({
      login: { limit: 10, windowSeconds: 300 },
      register: { limit: 10, windowSeconds: 3600 },
      posts: { limit: 10, windowSeconds: 60 },
      comments: { limit: 30, windowSeconds: 60 },
      messages: { limit: 30, windowSeconds: 60 },
      uploads: { limit: 30, windowSeconds: 60 },
      verifyResend: { limit: 3, windowSeconds: 3600 },
      forgotPassword: { limit: 5, windowSeconds: 900 },
    });
    expect(r.body).not.toHaveProperty("rateLimitLogin");
  });

  it("a lower comment limit applies to the next comments (429 with the new limit), and is audited", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    expect((await comment(post.id, bob)).status).toBe(201);

    const r = await put(admin, { rateLimits: { comments: { limit: 2 } } });
    expect(r.status).toBe(200);
    expect(r.body.rateLimits.comments).toEqual({ limit: 2, windowSeconds: 60 });
    expect(r.body.rateLimits.posts).toEqual(RATE_LIMIT_DEFAULTS.posts);

    expect((await comment(post.id, bob)).status).toBe(201);
    const refused = await comment(post.id, bob);
    expect(refused.status).toBe(429);
    expect(errorSchema.parse(refused.body).code).toBe("rate_limited");
    expect(refused.headers.get("ratelimit-limit")).toBe("2");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Raised again: the same member may go on at once.
    expect((await put(admin, { rateLimits: { comments: { limit: 5 } } })).status).toBe(200);
    expect((await comment(post.id, bob)).status).toBe(201);

    expect((await settingsAudit(admin.id)).map((e) => [e.targetType, e.before, e.after])).toEqual([
      ["site-settings", { rateLimitComments: 30 }, { rateLimitComments: 2 }],
      ["site-settings", { rateLimitComments: 2 }, { rateLimitComments: 5 }],
    ]);
    // Saving the same values writes no entry.
    expect((await put(admin, { rateLimits: { comments: { limit: 5 } } })).status).toBe(200);
    expect(await settingsAudit(admin.id)).toHaveLength(2);
    await put(admin, { rateLimits: { comments: RATE_LIMIT_DEFAULTS.comments } });
  });

  it("a lower sign-in limit answers 429 sooner; a new window is the one a new count starts with", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const u = await makeUser({ username: "limited_signer", password: "right-password-1" });
    const r = await put(admin, { rateLimits: { login: { limit: 2, windowSeconds: 120 } } });
    expect(r.status).toBe(200);
    expect(r.body.rateLimits.login).toEqual({ limit: 2, windowSeconds: 120 });
    expect((await signIn(u.username, "wrong-1", "198.51.100.71")).status).toBe(401);
    expect((await signIn(u.username, "wrong-2", "198.51.100.71")).status).toBe(401);
    const third = await signIn(u.username, "right-password-1", "198.51.100.71");
    expect(third.status).toBe(429);
    expect(third.headers.get("ratelimit-limit")).toBe("2");
    const [row] = await rawRows<{ secs: number }>(
      db,
      sql`select extract(epoch from reset_at - now())::float8 as secs from rate_limits where key = 'login:ip:198.51.100.71'`,
    );
    expect(Number(row!.secs)).toBeGreaterThan(100);
    expect(Number(row!.secs)).toBeLessThanOrEqual(120);
    expect((await settingsAudit(admin.id)).at(-1)).toMatchObject({
      before: { rateLimitLogin: 10, rateLimitLoginWindowSeconds: 300 },
      after: { rateLimitLogin: 2, rateLimitLoginWindowSeconds: 120 },
    });
    await put(admin, { rateLimits: { login: RATE_LIMIT_DEFAULTS.login } });
  });

  it("refuses out-of-range or malformed limits with 400 naming the field, and changes nothing", async () => {
    const admin = await makeUser({ role: "ADMIN" });
    const cases: [unknown, string][] = [
      [{ comments: { limit: 0 } }, "rateLimits.comments.limit"],
      [{ comments: { limit: 1_000_001 } }, "rateLimits.comments.limit"],
      [{ posts: { limit: 2.5 } }, "rateLimits.posts.limit"],
      [{ login: { limit: "5" } }, "rateLimits.login.limit"],
      [{ login: { windowSeconds: 0 } }, "rateLimits.login.windowSeconds"],
      [{ register: { windowSeconds: 86_401 } }, "rateLimits.register.windowSeconds"],
      [{ register: { limit: 3, extra: 1 } }, "rateLimits.register"],
      [{ everything: { limit: 3 } }, "rateLimits"],
      [[1, 2], "rateLimits"],
    ];
    for (const [rateLimits, field] of cases) {
      const r = await put(admin, { rateLimits });
      expect(r.status, JSON.stringify(rateLimits)).toBe(400);
      const body = errorSchema.parse(r.body);
      expect(body.code).toBe("validation_failed");
      expect(body.field).toBe(field);
      expect(body.error).toContain(field);
      expect(body.issues?.length).toBeGreaterThan(0);
    }
    // A good and a bad change together: neither is written.
    expect((await put(admin, { flagHideThreshold: 4, rateLimits: { posts: { limit: 0 } } })).status).toBe(400);
    const cfg = siteConfigSchema.parse((await call(getConfig, "/api/admin/config", { token: admin.token })).body);
    expect(cfg.flagHideThreshold).toBe(3);
    expect(cfg.rateLimits).toMatchObject({ posts: RATE_LIMIT_DEFAULTS.posts, register: RATE_LIMIT_DEFAULTS.register });
    expect(await settingsAudit(admin.id)).toEqual([]);
  });

  it("only admins read or change them (403 for members and moderators, 401 without credentials)", async () => {
    const mod = await makeUser({ role: "MODERATOR" });
    const member = await makeUser();
    for (const u of [mod, member]) {
      expect((await call(getConfig, "/api/admin/config", { token: u.token })).status).toBe(403);
      const r = await put(u, { rateLimits: { comments: { limit: 1 } } });
      expect(r.status).toBe(403);
      expect(errorSchema.parse(r.body).code).toBe("forbidden");
    }
    expect((await put(null, { rateLimits: { comments: { limit: 1 } } })).status).toBe(401);
    const admin = await makeUser({ role: "ADMIN" });
    const cfg = siteConfigSchema.parse((await call(getConfig, "/api/admin/config", { token: admin.token })).body);
    expect(cfg.rateLimits.comments).toEqual(RATE_LIMIT_DEFAULTS.comments);
  });

  it("counting a hit reads the limit in the same statement: one query, whatever the settings", async () => {
    const before = dbStats.queries;
    await hitSiteRateLimit("test:one-statement", "posts");
    expect(dbStats.queries - before).toBe(1);
  });
});
