// finding 4 (sessions and login tokens cannot be revoked) and finding 5 (a malformed session
// cookie was a 500 on every route): server-side sessions, POST /api/auth/logout, "sign out everywhere",
// the active sign-ins list and POST /api/users/me/password.
import { and, eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { apiTokens, userSessions } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { GET as listPosts } from "@/app/api/posts/route";
import { GET as listSessions } from "@/app/api/sessions/route";
import { DELETE as endSession } from "@/app/api/sessions/[id]/route";
import { GET as listTokens } from "@/app/api/tokens/route";
import { POST as changePassword } from "@/app/api/users/me/password/route";
import { GET as me } from "@/app/api/users/me/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { revokeUserSessions } from "@/lib/services/auth/sessions";
import { apiTokenSchema, signInSchema } from "@/lib/validation/auth";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, sessionCookie } from "../helpers";

const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
const meWithCookie = (cookie: string) => call(me, "/api/users/me", { headers: { cookie } });
const meWithToken = (token: string) => call(me, "/api/users/me", { token });
let ipN = 0;
const loginAs = async (username: string, password = "demo-password") => {
  const r = await call(login, "/api/auth/login", {
    method: "POST",
    headers: { ...peerHeaders(`198.18.0.${++ipN}`), "user-agent": "curl/8" },
    body: { username, password },
  });
  expect(r.status).toBe(200);
  return r.body.token as string;
};

describe("browser sessions are server-side and revocable", () => {
  it("a cookie without a server-side session (the old stateless kind) is anonymous", async () => {
    const u = await makeUser();
    const salt = "authjs.session-token";
    const stateless = await encode({ token: { uid: u.id, sub: String(u.id) }, secret: process.env.AUTH_SECRET!, salt });
    expect((await meWithCookie(`${salt}=${stateless}`)).status).toBe(401);
  });

  it("a cookie sealed with another secret is anonymous even when it names a live session, however often it is sent", async () => {
    const u = await makeUser();
    const { createBrowserSession } = await import("@/lib/services/auth/sessions");
    const s = await createBrowserSession({ userId: u.id, userAgent: "test-browser" });
    const salt = "authjs.session-token";
    const forged = await encode({ token: { uid: u.id, sid: s.secret }, secret: "not-the-server-secret-0123456789abcdef", salt });
    for (let i = 0; i < 2; i++) expect((await meWithCookie(`${salt}=${forged}`)).status).toBe(401);
    const genuine = await encode({ token: { uid: u.id, sid: s.secret }, secret: process.env.AUTH_SECRET!, salt });
    for (let i = 0; i < 2; i++) expect((await meWithCookie(`${salt}=${genuine}`)).status).toBe(200);
  });

  it("after POST /api/auth/logout the same cookie gets 401 and the response clears it", async () => {
    const u = await makeUser();
    const { cookie } = await sessionCookie(u.id);
    expect((await meWithCookie(cookie)).status).toBe(200);
    const out = await call(logout, "/api/auth/logout", { method: "POST", headers: { cookie, ...SAME_ORIGIN } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ sessions: 1, tokens: 0 });
    expect(out.headers.get("set-cookie")).toContain("authjs.session-token=;");
    const again = await meWithCookie(cookie);
    expect(again.status).toBe(401);
    expect(errorSchema.parse(again.body).code).toBe("unauthorized");
  });

  it("lists active sign-ins with the current one marked, and ends another browser session by id (not someone else's)", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const a = await sessionCookie(u.id, { userAgent: "Firefox A" });
    const b = await sessionCookie(u.id, { userAgent: "Chromium B" });
    const theirs = await sessionCookie(other.id);
    const list = await call(listSessions, "/api/sessions", { headers: { cookie: a.cookie } });
    expect(list.status).toBe(200);
    const items = signInSchema.array().parse(list.body);
    const browsers = items.filter((i) => i.kind === "browser");
    expect(browsers.map((i) => i.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
    expect(items.find((i) => i.current)?.id).toBe(a.sessionId);
    expect(items.find((i) => i.id === b.sessionId)?.userAgent).toBe("Chromium B");
    const foreign = await call(endSession, `/api/sessions/${theirs.sessionId}`, {
      method: "DELETE",
      headers: { cookie: a.cookie, ...SAME_ORIGIN },
      params: { id: String(theirs.sessionId) },
    });
    expect(foreign.status).toBe(404);
    expect((await meWithCookie(theirs.cookie)).status).toBe(200);
    const end = await call(endSession, `/api/sessions/${b.sessionId}`, {
      method: "DELETE",
      headers: { cookie: a.cookie, ...SAME_ORIGIN },
      params: { id: String(b.sessionId) },
    });
    expect(end.status).toBe(204);
    expect((await meWithCookie(b.cookie)).status).toBe(401);
    expect((await meWithCookie(a.cookie)).status).toBe(200);
  });
});

describe("login tokens are listed and revocable", () => {
  it("GET /api/tokens lists the login token; POST /api/auth/logout revokes the one in use", async () => {
    const u = await makeUser();
    const token = await loginAs(u.username);
    const list = await call(listTokens, "/api/tokens", { token });
    expect(list.status).toBe(200);
    const tokens = apiTokenSchema.array().parse(list.body);
    const loginTokens = tokens.filter((t) => t.kind === "login");
    expect(loginTokens).toHaveLength(1);
    expect(loginTokens[0]!.prefix).toBe(token.slice(0, 10));
    const out = await call(logout, "/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ sessions: 0, tokens: 1 });
    expect((await meWithToken(token)).status).toBe(401);
    // The test helper's personal token of the same user is untouched.
    expect((await meWithToken(u.token)).status).toBe(200);
  });

  it("sign out everywhere ends every browser session and login token, not the personal API tokens", async () => {
    const u = await makeUser();
    const t1 = await loginAs(u.username);
    const t2 = await loginAs(u.username);
    const s1 = await sessionCookie(u.id);
    const s2 = await sessionCookie(u.id);
    const out = await call(logout, "/api/auth/logout", { method: "POST", token: t1, body: { everywhere: true } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ sessions: 2, tokens: 2 });
    for (const t of [t1, t2]) expect((await meWithToken(t)).status).toBe(401);
    for (const s of [s1, s2]) expect((await meWithCookie(s.cookie)).status).toBe(401);
    expect((await meWithToken(u.token)).status).toBe(200);
  });

  it("revokeUserSessions keeps the sign-in it is told to keep", async () => {
    const u = await makeUser();
    const keep = await sessionCookie(u.id);
    const drop = await sessionCookie(u.id);
    const t = await loginAs(u.username);
    expect(await revokeUserSessions(u.id, { keep: { kind: "session", id: keep.sessionId } })).toEqual({ sessions: 1, tokens: 1 });
    expect((await meWithCookie(keep.cookie)).status).toBe(200);
    expect((await meWithCookie(drop.cookie)).status).toBe(401);
    expect((await meWithToken(t)).status).toBe(401);
  });
});

describe("POST /api/users/me/password", () => {
  it("refuses a wrong current password with 400 and changes nothing", async () => {
    const u = await makeUser({ password: "old-password" });
    const other = await sessionCookie(u.id);
    const r = await call(changePassword, "/api/users/me/password", {
      token: u.token,
      body: { currentPassword: "nope-nope", newPassword: "new-password-1" },
    });
    expect(r.status).toBe(400);
    expect(errorSchema.parse(r.body).field).toBe("currentPassword");
    expect((await meWithCookie(other.cookie)).status).toBe(200);
    await loginAs(u.username, "old-password");
  });

  it("changes the password; every other session and login token stops working, the caller's own stays", async () => {
    const u = await makeUser({ password: "old-password" });
    const mine = await sessionCookie(u.id);
    const otherBrowser = await sessionCookie(u.id);
    const otherToken = await loginAs(u.username, "old-password");
    const short = await call(changePassword, "/api/users/me/password", {
      headers: { cookie: mine.cookie, ...SAME_ORIGIN },
      body: { currentPassword: "old-password", newPassword: "short" },
    });
    expect(short.status).toBe(400);
    const r = await call(changePassword, "/api/users/me/password", {
      headers: { cookie: mine.cookie, ...SAME_ORIGIN },
      body: { currentPassword: "old-password", newPassword: "new-password-1" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sessions: 1, tokens: 1 });
    expect((await meWithCookie(mine.cookie)).status).toBe(200);
    expect((await meWithCookie(otherBrowser.cookie)).status).toBe(401);
    expect((await meWithToken(otherToken)).status).toBe(401);
    const old = await call(login, "/api/auth/login", {
      method: "POST",
      headers: peerHeaders("198.18.1.1"),
      body: { username: u.username, password: "old-password" },
    });
    expect(old.status).toBe(401);
    await loginAs(u.username, "new-password-1");
    const rows = await db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, u.id)));
    expect(rows.filter((s) => s.revokedAt === null).map((s) => s.id)).toEqual([mine.sessionId]);
    const tokens = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, u.id), eq(apiTokens.kind, "login")));
    expect(tokens.filter((t) => t.revokedAt === null)).toHaveLength(1);
  });
});

describe("finding 5: a malformed session cookie is an anonymous caller, not a 500", () => {
  it.each(["%", "%E0%A4%A", "a%zz", "%%%"])("Cookie: authjs.session-token=%s", async (value) => {
    const cookie = `authjs.session-token=${value}`;
    const list = await call(listPosts, "/api/posts", { headers: { cookie } });
    expect(list.status).toBe(200);
    const mine = await meWithCookie(cookie);
    expect(mine.status).toBe(401);
    expect(errorSchema.parse(mine.body).code).toBe("unauthorized");
  });
});
