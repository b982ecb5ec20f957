// Issue 58 items 4-6: silencing by spam flags, "Silence" and "Delete spammer" for staff, the member's
// addresses on their admin page, and the optional Akismet check against a local endpoint.
import { createServer, type Server } from "node:http";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import {
  auditLogs,
  comments,
  conversations,
  memberSilences,
  messages,
  posts,
  screenedEmails,
  screenedIps,
  userSessions,
  users,
} from "@/db/schema";
import { POST as flag } from "@/app/api/flags/route";
import { DELETE as unsilence, POST as silence } from "@/app/api/admin/users/[id]/silence/route";
import { POST as deleteSpammer } from "@/app/api/admin/users/[id]/delete-spammer/route";
import { GET as spamState } from "@/app/api/admin/users/[id]/spam/route";
import { POST as send } from "@/app/api/messages/route";
import { POST as register } from "@/app/api/auth/register/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { env } from "@/lib/env";
import { call, comment, member, post, theAdmin, type TestUser } from "./spam-helpers";

const flagAs = (u: TestUser, body: Record<string, unknown>) =>
  call(flag, "/api/flags", { token: u.token, body: { reason: "SPAM", ...body } });
const id = (u: { id: number }) => ({ id: String(u.id) });

describe("a new member flagged as spam by 3 distinct members", () => {
  it("is silenced; their posts go to the review queue and their comments are hidden; an older member is not", async () => {
    const spammer = await member(0);
    const p1 = await post(spammer, { title: "Great offer" });
    const host = await post(await member(1));
    const c1 = await comment(spammer, host.body.id, "visit my site");
    const [a, b, c] = [await member(1), await member(1), await member(1)];
    expect((await flagAs(a, { postId: p1.body.id })).status).toBe(201);
    expect((await flagAs(b, { commentId: c1.body.id })).status).toBe(201);
    let [s] = await db.select().from(memberSilences).where(eq(memberSilences.userId, spammer.id));
    expect(s).toBeUndefined();
    const third = await flagAs(c, { postId: p1.body.id });
    expect(third.status).toBe(201);
    expect(third.body.targetHidden).toBe(true);
    [s] = await db.select().from(memberSilences).where(eq(memberSilences.userId, spammer.id));
    expect(s).toMatchObject({ automatic: true });
    const [p] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, p1.body.id));
    expect(p!.status).toBe("PENDING");
    const [cm] = await db.select({ hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, c1.body.id));
    expect(cm!.hiddenAt).not.toBeNull();
    expect((await post(spammer)).body).toMatchObject({ code: "suspended", silenced: true });

    const regular = await member(1);
    const rp = await post(regular);
    for (const f of [a, b, c]) await flagAs(f, { postId: rp.body.id });
    expect(await db.select().from(memberSilences).where(eq(memberSilences.userId, regular.id))).toHaveLength(0);
  });
});

describe("Silence and Delete spammer (staff)", () => {
  it("silences and lifts, each with one audit line; moderators cannot silence admins", async () => {
    const admin = await theAdmin();
    const u = await member(1);
    const r = await call(silence, `/api/admin/users/${u.id}/silence`, { token: admin.token, body: { reason: "calm down" }, params: id(u) });
    expect(r.status).toBe(200);
    expect(r.body.silenced).toMatchObject({ reason: "calm down", automatic: false });
    const w = await post(u);
    expect(w.status).toBe(403);
    expect(w.body).toMatchObject({ code: "suspended", silenced: true });
    const lift = await call(unsilence, `/api/admin/users/${u.id}/silence`, { method: "DELETE", token: admin.token, params: id(u) });
    expect(lift.body.silenced).toBeNull();
    expect((await post(u)).status).toBe(201);
    const lines = await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.subjectUserId, u.id));
    expect(lines.map((l) => l.action).sort()).toEqual(["user.silence", "user.unsilence"]);
    const mod = await member(1);
    await db.update(users).set({ role: "MODERATOR" }).where(eq(users.id, mod.id));
    expect((await call(silence, `/api/admin/users/${admin.id}/silence`, { token: mod.token, body: {}, params: id(admin) })).status).toBe(
      403,
    );
    expect(
      (await call(silence, `/api/admin/users/${u.id}/silence`, { token: (await member(1)).token, body: {}, params: id(u) })).status,
    ).toBe(403);
  });

  it("deletes a new member's posts, comments and messages, blocks their domain and sign-up address, silences them: one audit line", async () => {
    const admin = await theAdmin();
    const reg = await call(register, "/api/auth/register", {
      body: { username: "spammy", email: "spammy@bad-host.example", password: "a-long-password" },
      headers: peerHeaders("192.0.2.44"),
    });
    expect(reg.status).toBe(201);
    const spammer = { id: reg.body.user.id as number, username: "spammy", role: "USER" as const, token: reg.body.token as string };
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, spammer.id));
    const p = await post(spammer, { title: "Buy now" });
    expect(p.status).toBe(201);
    const host = await post(await member(1));
    expect((await comment(spammer, host.body.id, "cheap")).status).toBe(201);
    const staffer = await member(1);
    await db.update(users).set({ role: "MODERATOR" }).where(eq(users.id, staffer.id));
    expect(
      (await call(send, "/api/messages", { token: spammer.token, body: { recipientId: staffer.id, content: "hi staff" } })).status,
    ).toBe(200);

    const state = await call(spamState, `/api/admin/users/${spammer.id}/spam`, { token: admin.token, params: id(spammer) });
    expect(state.body).toMatchObject({ newMember: true, silenced: null, addresses: [{ ip: "192.0.2.44", screened: null }] });

    const r = await call(deleteSpammer, `/api/admin/users/${spammer.id}/delete-spammer`, { token: admin.token, params: id(spammer) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ posts: 1, comments: 1, messages: 1, blockedDomain: "bad-host.example", blockedIp: "192.0.2.44/32" });
    expect(await db.select().from(posts).where(eq(posts.authorId, spammer.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(comments)
        .where(and(eq(comments.authorId, spammer.id), isNull(comments.deletedAt))),
    ).toHaveLength(0);
    expect(await db.select().from(messages).where(eq(messages.senderId, spammer.id))).toHaveLength(0);
    expect(await db.select().from(screenedEmails).where(eq(screenedEmails.domain, "bad-host.example"))).toHaveLength(1);
    expect(await db.select().from(screenedIps).where(eq(screenedIps.cidr, "192.0.2.44/32"))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(userSessions)
        .where(and(eq(userSessions.userId, spammer.id), isNull(userSessions.revokedAt))),
    ).toHaveLength(0);
    const lines = await db.select().from(auditLogs).where(eq(auditLogs.subjectUserId, spammer.id));
    expect(lines.map((l) => l.action)).toEqual(["user.delete_spammer"]);
    expect((await post(spammer)).status).toBe(403);
    const again = await call(register, "/api/auth/register", {
      body: { username: "spammy2", email: "x@bad-host.example", password: "a-long-password" },
      headers: peerHeaders("198.51.100.99"),
    });
    expect(again.body).toMatchObject({ rule: "email_domain" });
    // Not for a member past level 0.
    const older = await member(1);
    expect(
      (await call(deleteSpammer, `/api/admin/users/${older.id}/delete-spammer`, { token: admin.token, params: id(older) })).status,
    ).toBe(403);
    expect(await db.select().from(conversations)).not.toHaveLength(0);
  });
});

describe("Akismet on new members' first posts (AKISMET_KEY, local endpoint)", () => {
  let server: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const p = new URLSearchParams(body);
        asked.push(`${req.url} ${p.get("api_key")}`);
        res.end(p.get("comment_content")?.includes("casino") ? "true" : "false");
      });
    });
    await new Promise<void>((r) => server.listen(4412, "127.0.0.1", r));
    Object.assign(process.env, { AKISMET_KEY: "ak-key", AKISMET_URL: "http://127.0.0.1:4412" });
    env(true);
  });
  afterAll(async () => {
    delete process.env.AKISMET_KEY;
    delete process.env.AKISMET_URL;
    env(true);
    await new Promise((r) => server.close(r));
  });

  it("holds what Akismet calls spam (201 PENDING) and publishes the rest; members past level 0 are not sent", async () => {
    const u = await member(0);
    const spam = await post(u, { title: "Online casino bonus" });
    expect(spam.status).toBe(201);
    expect(spam.body.status).toBe("PENDING");
    const ham = await post(u, { title: "Hello everyone" });
    expect(ham.body.status).toBe("PUBLISHED");
    expect(asked).toEqual(["/1.1/comment-check ak-key", "/1.1/comment-check ak-key"]);
    await post(await member(1), { title: "casino night at the club" });
    expect(asked).toHaveLength(2);
  });
});
