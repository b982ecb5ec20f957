import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db";
import { apiTokens, notifications, users } from "@/db/schema";
import { GET as events } from "@/app/api/events/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as reset } from "@/app/api/auth/reset/route";
import { DELETE as deleteToken } from "@/app/api/tokens/[id]/route";
import { DELETE as deleteSession } from "@/app/api/sessions/[id]/route";
import { POST as suspend } from "@/app/api/admin/users/[id]/suspend/route";
import { POST as unsuspend } from "@/app/api/admin/users/[id]/unsuspend/route";
import { POST as sendMessage } from "@/app/api/messages/route";
import { eventHub, openEventStream, type LiveEvent } from "@/lib/live/events";
import { createResetToken } from "@/lib/services/auth/email-codes";
import { issueLoginToken, issueToken } from "@/lib/services/auth/tokens";
import type { Viewer } from "@/lib/viewer";
import { BASE, call, makeUser, req, sessionCookie, type TestUser } from "../helpers";
import { elapse } from "../time";

/**
 * a live stream ends with the sign-in it was opened with — a revoked token, a signed-out
 * session, "sign out everywhere", a password reset, a suspension — within 5 s, gets no private event
 * after it, and does not reopen with that sign-in.
 */

type Stream = {
  status: number;
  /** The answer (its JSON error body when it is not a stream). */
  res?: Response;
  events: LiveEvent[];
  /** When the stream ended (its body closed by the server), else null. */
  endedAt: number | null;
  close: () => Promise<void>;
};

const open: Stream[] = [];
const closingMs: number[] = [];

async function readInto(body: ReadableStream<Uint8Array>, s: Stream): Promise<void> {
  const reader = body.getReader();
  s.close = async () => void (await reader.cancel().catch(() => {}));
  const decoder = new TextDecoder();
  let buf = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = chunk
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (data && !chunk.includes("event: ")) s.events.push(JSON.parse(data) as LiveEvent);
      }
    }
    s.endedAt = Date.now();
  })();
}

/** Opens GET /api/events in-process with a bearer token or a cookie. */
async function stream(o: { token?: string; cookie?: string; lastEventId?: number }): Promise<Stream & { res: Response }> {
  const headers: Record<string, string> = {};
  if (o.cookie) headers.cookie = o.cookie;
  if (o.lastEventId !== undefined) headers["last-event-id"] = String(o.lastEventId);
  const res = await events(req("/api/events", { token: o.token, headers }), { params: Promise.resolve({}) });
  const s = { status: res.status, res, events: [], endedAt: null, close: async () => {} } as Stream & { res: Response };
  if (res.status === 200) {
    await readInto(res.body!, s);
    open.push(s);
  }
  return s;
}

/** Waits until `s` has ended (at most 5 s after `since`, when the revoking request was sent) and records how long it took. */
async function endsWithin5s(s: Stream, since: number): Promise<number> {
  await vi.waitFor(() => expect(s.endedAt, "the stream ended within 5 s").not.toBeNull(), {
    timeout: Math.max(0, since + 5000 - Date.now()),
    interval: 10,
  });
  const ms = s.endedAt! - since;
  expect(ms).toBeLessThan(5000);
  closingMs.push(ms);
  return ms;
}

/** Until `pred` holds for one of `s`'s events (3 s at most). */
async function sees(s: Stream, pred: (e: LiveEvent) => boolean): Promise<void> {
  await vi.waitFor(() => expect(s.events.some(pred), `event not received; got ${JSON.stringify(s.events)}`).toBe(true), {
    timeout: 3000,
    interval: 10,
  });
}

/**
 * Private events for `user` after the revocation: a notification and a direct message from staff. The
 * `control` stream (another live sign-in of someone who receives them) sees both, so they were sent.
 */
async function privateEventsAfter(user: TestUser, staff: TestUser, control: Stream) {
  const [n] = await db.insert(notifications).values({ userId: user.id, type: "USER_FOLLOWED", fromUserId: staff.id }).returning();
  const m = await call(sendMessage, "/api/messages", {
    token: staff.token,
    body: { recipientId: user.id, content: "after the revocation" },
  });
  expect(m.status).toBe(200);
  await sees(control, (e) => e.type === "message" && e.messageId === m.body.id);
  return { notificationId: n!.id, messageId: m.body.id as number };
}

function noPrivateEvent(s: Stream, after: { notificationId: number; messageId: number }) {
  expect(s.events.filter((e) => e.notificationId === after.notificationId || e.messageId === after.messageId)).toEqual([]);
  expect(s.events.filter((e) => e.type === ("revoked" as LiveEvent["type"]))).toEqual([]);
}

async function maxEventId(): Promise<number> {
  const res = await db.execute(sql`select coalesce(max(id), 0)::int as id from events`);
  const rows = (Array.isArray(res) ? res : (res as unknown as { rows: { id: number }[] }).rows) as { id: number }[];
  return rows[0]!.id;
}

const sameOrigin = (cookie: string) => ({ cookie, origin: BASE, "sec-fetch-site": "same-origin" });

describe("GET /api/events ends with its sign-in", () => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeUser({ role: "ADMIN" });
  });

  afterAll(async () => {
    for (const s of open) await s.close();
    await eventHub.close();
    if (closingMs.length) {
      const sorted = [...closingMs].sort((a, b) => a - b);
      console.log(
        `[events-revocation] ${sorted.length} streams ended after the revoking request was sent: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
      );
    }
  });

  it("a revoked token: its stream ends, gets no private event after it, and does not reopen (401)", async () => {
    const alice = await makeUser();
    const t = await issueToken(db, { userId: alice.id, name: "phone", scopes: ["read", "write"], expiresAt: null });
    const s = await stream({ token: t.token });
    const control = await stream({ token: alice.token });
    expect(s.status).toBe(200);
    const before = await db.insert(notifications).values({ userId: alice.id, type: "USER_FOLLOWED", fromUserId: admin.id }).returning();
    await sees(s, (e) => e.notificationId === before[0]!.id);

    const since = Date.now();
    const r = await call(deleteToken, `/api/tokens/${t.id}`, { method: "DELETE", token: alice.token, params: { id: String(t.id) } });
    expect(r.status).toBe(204);
    await endsWithin5s(s, since);
    const after = await privateEventsAfter(alice, admin, control);
    await elapse(200, "the personal token's stream must stay open: time for a wrong end of it to show");
    noPrivateEvent(s, after);
    expect(control.endedAt).toBeNull();

    const lastId = s.events.at(-1)!.id;
    const again = await stream({ token: t.token, lastEventId: lastId - 1 });
    expect(again.status).toBe(401);
    expect(await again.res.json()).toMatchObject({ code: "unauthorized" });
  });

  it("a signed-out browser session: its stream ends; the cookie does not reopen it (401, the cookie cleared)", async () => {
    const alice = await makeUser();
    const { cookie } = await sessionCookie(alice.id);
    const other = await sessionCookie(alice.id);
    const s = await stream({ cookie });
    const otherStream = await stream({ cookie: other.cookie });
    expect(s.status).toBe(200);

    const since = Date.now();
    const r = await call(logout, "/api/auth/logout", { method: "POST", headers: sameOrigin(cookie) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sessions: 1, tokens: 0 });
    await endsWithin5s(s, since);
    const after = await privateEventsAfter(alice, admin, otherStream);
    await elapse(200, "the other browser's stream must stay open: time for a wrong end of it to show");
    noPrivateEvent(s, after);
    // Only the session that signed out: the member's other browser keeps its stream.
    expect(otherStream.endedAt).toBeNull();

    const again = await stream({ cookie, lastEventId: 0 });
    expect(again.status).toBe(401);
    expect(((await again.res.json()) as { code: string }).code).toBe("unauthorized");
    expect(again.res.headers.get("set-cookie")).toContain("authjs.session-token=; Path=/; Max-Age=0");
    // Without the cookie the browser is an anonymous reader again.
    expect((await stream({})).status).toBe(200);
  });

  it("ending one browser session from the sign-ins list ends that session's stream", async () => {
    const alice = await makeUser();
    const one = await sessionCookie(alice.id);
    const s = await stream({ cookie: one.cookie });
    const since = Date.now();
    const r = await call(deleteSession, `/api/sessions/${one.sessionId}`, {
      method: "DELETE",
      token: alice.token,
      params: { id: String(one.sessionId) },
    });
    expect(r.status).toBe(204);
    await endsWithin5s(s, since);
    expect((await stream({ cookie: one.cookie })).status).toBe(401);
  });

  it("sign out everywhere: every browser session's and login token's stream ends; a personal token's stays", async () => {
    const alice = await makeUser();
    const login = await issueLoginToken(db, alice.id);
    const login2 = await issueLoginToken(db, alice.id);
    const browser = await sessionCookie(alice.id);
    const streams = [await stream({ token: login.token }), await stream({ token: login2.token }), await stream({ cookie: browser.cookie })];
    const personal = await stream({ token: alice.token });
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);

    const since = Date.now();
    const r = await call(logout, "/api/auth/logout", { method: "POST", token: login.token, body: { everywhere: true } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sessions: 1, tokens: 2 });
    for (const s of streams) await endsWithin5s(s, since);
    const after = await privateEventsAfter(alice, admin, personal);
    await elapse(200, "the personal token's stream must stay open: time for a wrong end of it to show");
    for (const s of streams) noPrivateEvent(s, after);
    expect(personal.endedAt).toBeNull();

    expect((await stream({ token: login2.token, lastEventId: 0 })).status).toBe(401);
    expect((await stream({ cookie: browser.cookie, lastEventId: 0 })).status).toBe(401);
  });

  it("a password reset: the account's session and login-token streams end and do not reopen", async () => {
    const alice = await makeUser();
    const login = await issueLoginToken(db, alice.id);
    const browser = await sessionCookie(alice.id);
    const streams = [await stream({ token: login.token }), await stream({ cookie: browser.cookie })];
    const personal = await stream({ token: alice.token });
    const resetToken = await createResetToken(alice.id);

    const since = Date.now();
    const r = await call(reset, "/api/auth/reset", { body: { token: resetToken, password: "a-brand-new-password" } });
    expect(r.status).toBe(200);
    for (const s of streams) await endsWithin5s(s, since);
    const after = await privateEventsAfter(alice, admin, personal);
    // No wait needed: an ended stream's reader has stopped, so its events are final.
    for (const s of streams) noPrivateEvent(s, after);

    expect((await stream({ token: login.token })).status).toBe(401);
    expect((await stream({ cookie: browser.cookie })).status).toBe(401);
    // The reset's new login token opens a stream.
    expect((await stream({ token: r.body.token })).status).toBe(200);
  });

  it("a suspension: every stream of the member ends, gets nothing after it, and does not reopen (403 suspended)", async () => {
    const mallory = await makeUser();
    const bystander = await makeUser();
    const browser = await sessionCookie(mallory.id);
    const streams = [await stream({ token: mallory.token }), await stream({ cookie: browser.cookie })];
    const others = await stream({ token: bystander.token });
    const staff = await stream({ token: admin.token });

    const mark = await maxEventId();
    const since = Date.now();
    const r = await call(suspend, `/api/admin/users/${mallory.id}/suspend`, {
      token: admin.token,
      body: { days: 3, reason: "spam" },
      params: { id: String(mallory.id) },
    });
    expect(r.status).toBe(200);
    for (const s of streams) await endsWithin5s(s, since);
    const [n] = await db.insert(notifications).values({ userId: mallory.id, type: "USER_FOLLOWED", fromUserId: admin.id }).returning();
    const m = await call(sendMessage, "/api/messages", {
      token: admin.token,
      body: { recipientId: mallory.id, content: "about your suspension" },
    });
    expect(m.status).toBe(200);
    await sees(staff, (e) => e.type === "message" && e.messageId === m.body.id);
    await elapse(200, "the bystander's and the staff's streams must stay open: time for a wrong end to show");
    for (const s of streams) noPrivateEvent(s, { notificationId: n!.id, messageId: m.body.id });
    expect(others.endedAt).toBeNull();
    expect(staff.endedAt).toBeNull();

    for (const again of [await stream({ token: mallory.token, lastEventId: 0 }), await stream({ cookie: browser.cookie })]) {
      expect(again.status).toBe(403);
      expect(await again.res.json()).toMatchObject({ code: "suspended" });
    }

    // Lifted: the member's sign-ins open streams again, and a replay reaching back past the suspension
    // is not ended by it (it would end every reconnect for the outbox's 15 minutes).
    expect(
      (await call(unsuspend, `/api/admin/users/${mallory.id}/unsuspend`, { token: admin.token, params: { id: String(mallory.id) } }))
        .status,
    ).toBe(200);
    const back = await stream({ token: mallory.token, lastEventId: mark });
    expect(back.status).toBe(200);
    await sees(back, (e) => e.notificationId === n!.id);
    await elapse(300, "the replay past the suspension must not end the stream: time for a wrong end to show");
    expect(back.endedAt).toBeNull();
  });

  it("a role change ends the member's streams; they reopen at once with the new role", async () => {
    const mod = await makeUser({ role: "MODERATOR" });
    const s = await stream({ token: mod.token });
    const since = Date.now();
    await db.update(users).set({ role: "USER" }).where(eq(users.id, mod.id));
    await endsWithin5s(s, since);
    expect((await stream({ token: mod.token })).status).toBe(200);
  });

  it("a revocation heard between resolving the caller and listening still ends the stream", async () => {
    const alice = await makeUser();
    const t = await issueToken(db, { userId: alice.id, name: "race", scopes: ["read"], expiresAt: null });
    // The caller as route() resolved it, just before the token was revoked (by another process: SQL).
    const viewer: Viewer = {
      id: alice.id,
      username: alice.username,
      role: "USER",
      scopes: ["read"],
      via: "token",
      session: { kind: "token", id: t.id },
    };
    const control = await stream({ token: alice.token });
    await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, t.id));
    // Wait until this process has heard it (the control stream of the same member is unaffected by it).
    await vi.waitFor(() => expect(eventHub.revokedLately(alice.id)).toBe(true), { interval: 10 });
    const s: Stream = { status: 200, events: [], endedAt: null, close: async () => {} };
    const since = Date.now();
    await readInto(await openEventStream(viewer, {}), s);
    open.push(s);
    await endsWithin5s(s, since);
    expect(control.endedAt).toBeNull();
  });

  it("backstop: a sign-in that merely expires (no event) ends its stream at the next recheck", async () => {
    const previous = process.env.EVENTS_RECHECK_MS;
    // The recheck timer in flight keeps its delay: end everything, so the next streams start a new one.
    for (const s of open.splice(0)) await s.close();
    await eventHub.close();
    process.env.EVENTS_RECHECK_MS = "200";
    try {
      const alice = await makeUser();
      const t = await issueToken(db, { userId: alice.id, name: "short", scopes: ["read"], expiresAt: new Date(Date.now() + 60_000) });
      const s = await stream({ token: t.token });
      const keep = await stream({ token: alice.token });
      const since = Date.now();
      await db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${t.id}`);
      await vi.waitFor(() => expect(s.endedAt).not.toBeNull(), { timeout: 35_000, interval: 20 });
      expect(keep.endedAt).toBeNull();
      console.log(`[events-revocation] expired token's stream ended by the recheck after ${s.endedAt! - since} ms`);
    } finally {
      if (previous === undefined) delete process.env.EVENTS_RECHECK_MS;
      else process.env.EVENTS_RECHECK_MS = previous;
    }
  }, 40_000);

  it("revoked events never reach any stream, replayed or live", async () => {
    const alice = await makeUser();
    const t = await issueToken(db, { userId: alice.id, name: "gone", scopes: ["read"], expiresAt: null });
    const mark = await maxEventId();
    const live = [await stream({}), await stream({ token: alice.token })];
    await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, t.id));
    await vi.waitFor(() => expect(eventHub.revokedLately(alice.id)).toBe(true), { interval: 10 });
    // Replayed from the outbox, where the revocation is.
    expect(await maxEventId()).toBeGreaterThan(mark);
    const replayed = [await stream({ lastEventId: mark }), await stream({ token: alice.token, lastEventId: mark })];
    const [n] = await db.insert(notifications).values({ userId: alice.id, type: "USER_FOLLOWED", fromUserId: admin.id }).returning();
    await sees(live[1]!, (e) => e.notificationId === n!.id);
    await sees(replayed[1]!, (e) => e.notificationId === n!.id);
    await elapse(100, "the anonymous streams have nothing to wait for: time for a revoked event or an end to show");
    for (const s of [...live, ...replayed]) {
      expect(s.events.filter((e) => (e.type as string) === "revoked")).toEqual([]);
      expect(s.endedAt).toBeNull();
    }
  });
});
