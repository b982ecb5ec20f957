import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import {
  apiTokens,
  auditLogs,
  conversationParticipants,
  emailPrefs,
  mailOutbox,
  messages,
  RATE_LIMIT_DEFAULTS,
  siteSettings,
  userBlocks,
  userFollows,
  users,
} from "@/db/schema";
import { POST as send } from "@/app/api/messages/route";
import { GET as listConversations, POST as createConversation } from "@/app/api/messages/conversations/route";
import { GET as getConversation } from "@/app/api/messages/conversations/[id]/route";
import { POST as sendInConversation } from "@/app/api/messages/conversations/[id]/messages/route";
import { POST as markRead } from "@/app/api/messages/conversations/[id]/read/route";
import { POST as addParticipants } from "@/app/api/messages/conversations/[id]/participants/route";
import { GET as relationOf } from "@/app/api/users/[idOrUsername]/relation/route";
import { GET as unreadCount } from "@/app/api/messages/unread-count/route";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { GET as events } from "@/app/api/events/route";
import { GET as openapiJson } from "@/app/api/openapi.json/route";
import type { OpenApiDocument } from "@/app/api/openapi.json/openapi";
import { validateWithDocument } from "./openapi-validate";
import { drainOutbox, outboxIdle } from "@/lib/jobs/mail-drain";
import { processMessageMail } from "@/lib/services/messages/mail";
import { type LiveEvent } from "@/lib/live/events";
import { conversationDetailSchema, conversationSchema, createConversationResponseSchema, messageSchema } from "@/lib/validation/messages";
import { errorSchema } from "@/lib/validation/responses";
import { call, makeUser, req, sessionCookie, setRateLimits, type TestUser } from "../helpers";
import { elapse } from "../time";
import { TestSmtp } from "./mail-helpers";

/** Direct messages: OpenIsle's paths and shapes, privacy, the rules of who may write, live events and mail. */

const smtp = new TestSmtp();
let admin: TestUser;
let mod: TestUser;

/** Members who may message (level 1: 100 experience), unless `experience` says otherwise. */
async function member(experience = 100): Promise<TestUser> {
  const u = await makeUser();
  await db.update(users).set({ experience }).where(eq(users.id, u.id));
  return u;
}

const sendTo = (from: TestUser, to: TestUser, content = "Hello there", replyToId?: number) =>
  call(send, "/api/messages", { token: from.token, body: { recipientId: to.id, content, ...(replyToId ? { replyToId } : {}) } });
const sendIn = (from: TestUser, conversationId: number, content = "And again") =>
  call(sendInConversation, `/api/messages/conversations/${conversationId}/messages`, {
    token: from.token,
    body: { content },
    params: { id: String(conversationId) },
  });
const open = (u: TestUser | null, id: number, q = "") =>
  call(getConversation, `/api/messages/conversations/${id}${q}`, { token: u?.token, params: { id: String(id) } });
const unread = async (u: TestUser) => {
  const r = await call(unreadCount, "/api/messages/unread-count", { token: u.token });
  expect(r.status).toBe(200);
  return r.body as number;
};
const list = async (u: TestUser) => {
  const r = await call(listConversations, "/api/messages/conversations", { token: u.token });
  expect(r.status).toBe(200);
  return r.body as z.infer<typeof conversationSchema>[];
};
const setSettings = (s: { messageMinLevel?: number; staffReadMessages?: boolean }) =>
  call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: s });

beforeAll(async () => {
  process.env.MAIL_AWAY_MINUTES = "10";
  await smtp.start();
  admin = await makeUser({ role: "ADMIN" });
  mod = await makeUser({ role: "MODERATOR" });
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(async () => {
  expect((await setSettings({ messageMinLevel: 1, staffReadMessages: false })).status).toBe(200);
});

describe("OpenIsle's paths and shapes", () => {
  it("sends, lists, opens, replies in and marks read a conversation of two", async () => {
    const a = await member();
    const b = await member();
    const first = await sendTo(a, b, "Hi **B**");
    expect(first.status).toBe(200);
    expect(messageSchema.parse(first.body)).toMatchObject({
      content: "Hi **B**",
      sender: { id: a.id, username: a.username },
      replyTo: null,
    });
    expect(first.body.html).toContain("<strong>B</strong>");
    const conversationId = first.body.conversationId as number;

    // The recipient's list: newest first, the last message, both members, one unread.
    const bList = await list(b);
    expect(z.array(conversationSchema).parse(bList)).toHaveLength(1);
    expect(bList[0]).toMatchObject({
      id: conversationId,
      channel: false,
      unreadCount: 1,
      group: false,
      lastMessage: { id: first.body.id },
    });
    expect(bList[0]!.participants.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(await unread(b)).toBe(1);
    expect(await unread(a)).toBe(0);

    // Finding the conversation again gives the same id (either member asking).
    const found = await call(createConversation, "/api/messages/conversations", { token: b.token, body: { recipientId: a.id } });
    expect(found.status).toBe(200);
    expect(createConversationResponseSchema.parse(found.body)).toEqual({ conversationId });

    // Opening it (Spring's page) marks it read, as OpenIsle does.
    const detail = await open(b, conversationId, "?page=0&size=20");
    expect(detail.status).toBe(200);
    const d = conversationDetailSchema.parse(detail.body);
    expect(d.messages).toMatchObject({ number: 0, size: 20, totalElements: 1, totalPages: 1, first: true, last: true, empty: false });
    expect(d.messages.content[0]!.id).toBe(first.body.id);
    expect(d.reads.find((r) => r.userId === b.id)!.lastReadMessageId).toBe(first.body.id);
    expect(await unread(b)).toBe(0);

    // A reply in the conversation, quoting the first message.
    const reply = await call(sendInConversation, `/api/messages/conversations/${conversationId}/messages`, {
      token: b.token,
      body: { content: "Hello A", replyToId: first.body.id },
      params: { id: String(conversationId) },
    });
    expect(reply.status).toBe(200);
    expect(messageSchema.parse(reply.body).replyTo).toMatchObject({ id: first.body.id, content: "Hi **B**", sender: { id: a.id } });
    expect(await unread(a)).toBe(1);
    expect((await list(a))[0]!.unreadCount).toBe(1);

    const read = await call(markRead, `/api/messages/conversations/${conversationId}/read`, {
      token: a.token,
      method: "POST",
      params: { id: String(conversationId) },
    });
    expect(read.status).toBe(200);
    expect(read.text).toBe("");
    expect(await unread(a)).toBe(0);
    const [mark] = await db
      .select()
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, a.id)));
    expect(mark!.lastReadMessageId).toBe(reply.body.id);
  });

  it("are in the OpenAPI document, and the answers match the documented schemas", async () => {
    const doc = (await call(openapiJson, "/api/openapi.json")).body as OpenApiDocument;
    type Op = { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; security?: unknown[] };
    const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op> | undefined)?.[method];
    const ops = [
      ["/api/messages", "post"],
      ["/api/messages/conversations", "get"],
      ["/api/messages/conversations", "post"],
      ["/api/messages/conversations/{id}", "get"],
      ["/api/messages/conversations/{id}/messages", "post"],
      ["/api/messages/conversations/{id}/read", "post"],
      ["/api/messages/unread-count", "get"],
    ] as const;
    for (const [path, method] of ops) expect(op(path, method), `${method} ${path}`).toBeDefined();
    const schemaOf = (path: string, method: string) => op(path, method)!.responses["200"]!.content!["application/json"]!.schema;
    const a = await member();
    const b = await member();
    const sent = await sendTo(a, b, "Documented");
    const id = sent.body.conversationId as number;
    const check = (path: string, method: string, body: unknown) =>
      expect(validateWithDocument(doc, schemaOf(path, method), body)).toEqual([]);
    check("/api/messages", "post", sent.body);
    check("/api/messages/conversations", "get", await list(b));
    check("/api/messages/conversations/{id}", "get", (await open(b, id)).body);
    check("/api/messages/conversations/{id}/messages", "post", (await sendIn(b, id, "Also documented")).body);
    check("/api/messages/unread-count", "get", await unread(a));
    check(
      "/api/messages/conversations",
      "post",
      (await call(createConversation, "/api/messages/conversations", { token: a.token, body: { recipientId: b.id } })).body,
    );
  });

  it("pages newest first and scrolls up with `before`", async () => {
    const a = await member();
    const b = await member();
    const ids: number[] = [];
    const { conversationId } = (
      await call(createConversation, "/api/messages/conversations", { token: a.token, body: { recipientId: b.id } })
    ).body;
    for (let i = 0; i < 5; i++) ids.push((await sendIn(a, conversationId, `message ${i}`)).body.id);
    const p0 = (await open(b, conversationId, "?page=0&size=2")).body;
    expect(p0.messages.content.map((m: { id: number }) => m.id)).toEqual([ids[4], ids[3]]);
    expect(p0.messages).toMatchObject({ totalElements: 5, totalPages: 3, last: false });
    const p2 = (await open(b, conversationId, "?page=2&size=2")).body;
    expect(p2.messages.content.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(p2.messages.last).toBe(true);
    const older = (await open(b, conversationId, `?size=2&before=${ids[3]}`)).body;
    expect(older.messages.content.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    expect((await open(b, conversationId, "?size=101")).status).toBe(400);
  });

  it("answers 401 without credentials, and takes the session cookie as well as a token", async () => {
    const a = await member();
    const b = await member();
    const c = (await sendTo(a, b)).body.conversationId as number;
    for (const r of [
      await call(listConversations, "/api/messages/conversations"),
      await call(unreadCount, "/api/messages/unread-count"),
      await open(null, c),
      await call(send, "/api/messages", { body: { recipientId: b.id, content: "x" } }),
      await call(markRead, `/api/messages/conversations/${c}/read`, { method: "POST", params: { id: String(c) } }),
    ]) {
      expect(r.status).toBe(401);
      expect(errorSchema.parse(r.body).code).toBe("unauthorized");
    }
    const { cookie } = await sessionCookie(b.id);
    const res = await unreadCount(req("/api/messages/unread-count", { headers: { cookie } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(1);
  });
});

describe("private by construction", () => {
  it("answers 404 to anyone who is not a member, as for a conversation that does not exist", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const id = (await sendTo(a, b, "between us")).body.conversationId as number;
    for (const r of [
      await open(c, id),
      await sendIn(c, id, "let me in"),
      await call(markRead, `/api/messages/conversations/${id}/read`, { token: c.token, method: "POST", params: { id: String(id) } }),
      await open(c, 999_999),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("not_found");
    }
    expect(await list(c)).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it("keeps staff out unless an admin allows it, and then audits every read", async () => {
    const a = await member();
    const b = await member();
    const id = (await sendTo(a, b, "private")).body.conversationId as number;
    expect((await open(mod, id)).status).toBe(404);
    expect((await open(admin, id)).status).toBe(404);

    expect((await setSettings({ staffReadMessages: true })).status).toBe(200);
    const read = await open(mod, id);
    expect(read.status).toBe(200);
    expect(read.body.messages.content[0].content).toBe("private");
    await open(mod, id, "?page=0&size=5");
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "messages.staff-read"), eq(auditLogs.targetId, id)));
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.actorId === mod.id && e.targetType === "conversation")).toBe(true);
    // Reading is all: no message from staff into it, no read mark for them, members' marks untouched.
    expect((await sendIn(mod, id, "hello")).status).toBe(404);
    expect(await unread(b)).toBe(1);
    // A plain member still gets 404.
    expect((await open(await member(), id)).status).toBe(404);
  });
});

describe("who may write to whom", () => {
  it("refuses messages across a block in either direction", async () => {
    const a = await member();
    const b = await member();
    const id = (await sendTo(a, b)).body.conversationId as number;
    await db.insert(userBlocks).values({ blockerId: b.id, blockedId: a.id });
    const refused = [await sendTo(a, b), await sendTo(b, a), await sendIn(a, id), await sendIn(b, id)];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("forbidden");
    }
    const c = await member();
    await db.insert(userBlocks).values({ blockerId: c.id, blockedId: a.id });
    expect((await call(createConversation, "/api/messages/conversations", { token: a.token, body: { recipientId: c.id } })).status).toBe(
      403,
    );
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it("respects the recipient's message policy; staff may always write; an answer opens the conversation", async () => {
    const a = await member();
    const nobody = await member();
    const picky = await member();
    await db.update(users).set({ messagePolicy: "NOBODY" }).where(eq(users.id, nobody.id));
    await db.update(users).set({ messagePolicy: "FOLLOWING" }).where(eq(users.id, picky.id));

    const r1 = await sendTo(a, nobody);
    expect(r1.status).toBe(403);
    expect(r1.body.error).toMatch(/does not accept messages/);
    expect((await sendTo(mod, nobody, "A note from the moderators")).status).toBe(200);

    expect((await sendTo(a, picky)).status).toBe(403);
    await db.insert(userFollows).values({ followerId: picky.id, followeeId: a.id });
    expect((await sendTo(a, picky)).status).toBe(200);

    // NOBODY wrote first: the other may answer in that conversation.
    const started = await sendTo(nobody, a, "Can you help?");
    expect(started.status).toBe(200);
    expect((await sendIn(a, started.body.conversationId, "Sure")).status).toBe(200);
  });

  it("lets members below the site's level message staff only", async () => {
    const newcomer = await member(0);
    const b = await member();
    const r = await sendTo(newcomer, b);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/level 1/);
    expect((await sendTo(newcomer, mod, "Is this allowed?")).status).toBe(200);
    expect((await setSettings({ messageMinLevel: 0 })).status).toBe(200);
    expect((await sendTo(newcomer, b)).status).toBe(200);
    expect((await setSettings({ messageMinLevel: 11 })).status).toBe(400);
  });

  it("the level rule is for starting conversations: a new member answers in one someone else began", async () => {
    const newcomer = await member(0);
    const bob = await member();
    const stranger = await member();
    const start = (from: TestUser, body: Record<string, unknown>) =>
      call(createConversation, "/api/messages/conversations", { token: from.token, body });
    const relation = (from: TestUser, to: TestUser, headers?: Record<string, string>) =>
      call(relationOf, `/api/users/${to.username}/relation`, { token: from.token, headers, params: { idOrUsername: to.username } });

    // Before anyone writes to her, the Message button says why it cannot start a conversation with a member.
    const before = await relation(newcomer, bob);
    expect(before.status).toBe(200);
    expect(before.body.messageRefusal).toMatch(/level 1 may start conversations with staff only/);
    expect((await relation(newcomer, bob, { cookie: "lang=zh-CN" })).body.messageRefusal).toMatch(
      /等级低于 1 的成员只能与管理人员发起对话/,
    );
    expect((await relation(newcomer, mod)).body.messageRefusal).toBeNull();

    // bob's welcome message: she answers, in the conversation and through POST /api/messages alike.
    const welcome = await sendTo(bob, newcomer, "Welcome to the forum!");
    expect(welcome.status).toBe(200);
    const conversationId = welcome.body.conversationId as number;
    const answer = await sendIn(newcomer, conversationId, "Thank you!");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ conversationId, sender: { id: newcomer.id } });
    expect((await sendTo(newcomer, bob, "One more question", welcome.body.id as number)).status).toBe(200);
    expect((await relation(newcomer, bob)).body).toMatchObject({ mayMessage: true, messageRefusal: null });

    // A conversation another member opened for the two, before anyone wrote in it.
    const opener = await member();
    const opened = await start(opener, { recipientId: newcomer.id });
    expect(opened.status).toBe(200);
    expect((await sendIn(newcomer, opened.body.conversationId as number, "Hello?")).status).toBe(200);

    // A group a moderator started with her and a member.
    const group = await start(mod, { recipientIds: [newcomer.id, stranger.id], name: "Welcome desk" });
    expect(group.status).toBe(200);
    expect((await sendIn(newcomer, group.body.conversationId as number, "Hi all")).status).toBe(200);

    // Starting one with a member who is not staff is still refused, in every way there is to start one.
    const refused = await sendTo(newcomer, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "forbidden" });
    expect(refused.body.error).toMatch(/level 1/);
    expect((await start(newcomer, { recipientId: stranger.id })).status).toBe(403);
    expect((await start(newcomer, { recipientIds: [stranger.id, mod.id] })).status).toBe(403);
    expect(
      (
        await call(addParticipants, `/api/messages/conversations/${group.body.conversationId}/participants`, {
          token: newcomer.token,
          body: { userIds: [opener.id] },
          params: { id: String(group.body.conversationId) },
        })
      ).status,
    ).toBe(403);
    expect((await relation(newcomer, stranger)).body.messageRefusal).toMatch(/level 1/);
    // A group she started with staff alone stays hers to write in; nobody else wrote yet.
    const own = await start(newcomer, { recipientIds: [mod.id, admin.id] });
    expect(own.status).toBe(200);
    expect((await sendIn(newcomer, own.body.conversationId as number, "A question for the staff")).status).toBe(200);
  });

  it("limits each sender's rate, across conversations", async () => {
    await setRateLimits({ messages: { limit: 3 } });
    try {
      const a = await member();
      const b = await member();
      const c = await member();
      expect((await sendTo(a, b, "1")).status).toBe(200);
      expect((await sendTo(a, c, "2")).status).toBe(200);
      expect((await sendTo(a, b, "3")).status).toBe(200);
      const r = await sendTo(a, c, "4");
      expect(r.status).toBe(429);
      expect(r.body.code).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another sender is not affected.
      expect((await sendTo(b, a, "mine")).status).toBe(200);
    } finally {
      await setRateLimits({ messages: RATE_LIMIT_DEFAULTS.messages });
    }
  });

  it("bounds and sanitizes content exactly as a comment's", async () => {
    const a = await member();
    const b = await member();
    const r = await sendTo(a, b, `<script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1)) *ok*`);
    expect(r.status).toBe(200);
    // The markup arrives as text, never as elements or live links.
    expect(r.body.html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(r.body.html).toContain("&lt;script&gt;");
    expect(r.body.html).toContain("<em>ok</em>");
    const long = await sendTo(a, b, "x".repeat(20_001));
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("content");
    expect((await sendTo(a, b, "   ")).status).toBe(400);
    expect((await sendTo(a, a)).status).toBe(400);
    expect((await call(send, "/api/messages", { token: a.token, body: { recipientId: 99_999_999, content: "x" } })).status).toBe(404);
    // A reply must quote a message of the same conversation.
    const other = await sendTo(b, await member(), "elsewhere");
    const bad = await sendTo(a, b, "re", other.body.id);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("replyToId");
  });
});

describe("group conversations", () => {
  it("hold up to 10 members, each with their own unread count", async () => {
    const owner = await member();
    const others = await Promise.all(Array.from({ length: 10 }, () => member()));
    const tooMany = await call(createConversation, "/api/messages/conversations", {
      token: owner.token,
      body: { recipientIds: others.map((o) => o.id) },
    });
    expect(tooMany.status).toBe(400);
    const made = await call(createConversation, "/api/messages/conversations", {
      token: owner.token,
      body: { recipientIds: others.slice(0, 9).map((o) => o.id), name: "Planning" },
    });
    expect(made.status).toBe(200);
    const id = made.body.conversationId as number;
    expect(await db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, id))).toHaveLength(10);
    expect((await sendIn(owner, id, "Welcome all")).status).toBe(200);
    expect((await sendIn(others[0]!, id, "Thanks")).status).toBe(200);
    expect(await unread(others[1]!)).toBe(2);
    expect(await unread(others[0]!)).toBe(1);
    expect(await unread(owner)).toBe(1);
    const [c] = await list(others[2]!);
    expect(c).toMatchObject({ id, name: "Planning", group: true, unreadCount: 2 });
    expect(c!.participants).toHaveLength(10);
    expect((await open(others[9]!, id)).status).toBe(404);
  });
});

/** GET /api/events in-process: the events it sends (it listens once it has answered: nothing to wait for before a write). */
async function stream(token: string) {
  const res = await events(req("/api/events", { token }), { params: Promise.resolve({}) });
  const reader = res.body!.getReader();
  const got: LiveEvent[] = [];
  let buf = "";
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buf += new TextDecoder().decode(value);
      let i: number;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const data = buf
          .slice(0, i)
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("");
        buf = buf.slice(i + 2);
        if (data) got.push(JSON.parse(data));
      }
    }
  })();
  return { got, close: () => reader.cancel().catch(() => {}) };
}

describe("live", () => {
  it("sends message and read events to the members only", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const [sa, sb, sc] = await Promise.all([stream(a.token), stream(b.token), stream(c.token)]);
    try {
      const m = await sendTo(a, b, "live?");
      const conversationId = m.body.conversationId as number;
      await vi.waitFor(
        () => expect(sb.got.find((e) => e.type === "message")).toMatchObject({ conversationId, messageId: m.body.id, actorId: a.id }),
        {
          timeout: 3000,
          interval: 20,
        },
      );
      await call(markRead, `/api/messages/conversations/${conversationId}/read`, {
        token: b.token,
        method: "POST",
        params: { id: String(conversationId) },
      });
      await vi.waitFor(
        () => expect(sa.got.find((e) => e.type === "message_read")).toMatchObject({ conversationId, actorId: b.id, messageId: m.body.id }),
        {
          timeout: 3000,
          interval: 20,
        },
      );
      await elapse(200, "C is no member: time for a wrong event to reach C's stream");
      expect(sc.got.filter((e) => e.type === "message" || e.type === "message_read")).toEqual([]);
    } finally {
      await Promise.all([sa.close(), sb.close(), sc.close()]);
    }
  });
});

describe("mail to away members", () => {
  const away = (u: TestUser) =>
    db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(apiTokens.userId, u.id));

  beforeEach(async () => {
    smtp.received = [];
    await db.execute(sql`delete from mail_outbox`);
    // The earlier tests' members never came back: start from nothing pending.
    await db.execute(sql`update conversation_participants set mail_pending_at = null, mailed_at = null`);
  });

  it("mails an away member once per conversation until they read it", async () => {
    const a = await member();
    const b = await member();
    const id = (await sendTo(a, b, "First message")).body.conversationId as number;
    await sendIn(a, id, "Second message");
    await away(b);
    expect(await processMessageMail()).toBe(1);
    await sendIn(a, id, "Third message");
    expect(await processMessageMail()).toBe(0);
    await drainOutbox();
    const mine = smtp.received.filter((m) => m.to.includes(b.username.toLowerCase()));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/new messages from/);
    expect(mine[0]!.text).toContain(`/messages/${id}`);

    // Reading starts over: the next message gets one more mail.
    await call(markRead, `/api/messages/conversations/${id}/read`, { token: b.token, method: "POST", params: { id: String(id) } });
    await sendIn(a, id, "After you read");
    await sendIn(a, id, "And another");
    await away(b);
    expect(await processMessageMail()).toBe(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "message"))).toHaveLength(2);
  });

  it("mails nobody who is around, has mail off, or read it before it went out", async () => {
    const a = await member();
    const here = await member();
    const off = await member();
    const reader = await member();
    await sendTo(a, here, "hi");
    await unread(here); // seen just now
    await db.insert(emailPrefs).values({ userId: off.id, mode: "off" });
    await sendTo(a, off, "hi");
    await away(off);
    const id = (await sendTo(a, reader, "hi")).body.conversationId as number;
    await away(reader);
    expect(await processMessageMail()).toBe(1);
    await call(markRead, `/api/messages/conversations/${id}/read`, { token: reader.token, method: "POST", params: { id: String(id) } });
    const r = await drainOutbox();
    expect(r.sent).toBe(0);
    expect(r.cancelled).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });
});

it("settings row holds the message settings", async () => {
  const [row] = await db.select().from(siteSettings);
  expect(row).toMatchObject({ messageMinLevel: 1, staffReadMessages: false });
});
