import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, dbStats, rawRows } from "@/db";
import { userBlocks, userFollows, users } from "@/db/schema";
import { POST as send } from "@/app/api/messages/route";
import { POST as createConversation } from "@/app/api/messages/conversations/route";
import { GET as getConversation } from "@/app/api/messages/conversations/[id]/route";
import { POST as sendInConversation } from "@/app/api/messages/conversations/[id]/messages/route";
import { POST as addPeople } from "@/app/api/messages/conversations/[id]/participants/route";
import { POST as react } from "@/app/api/messages/[id]/reactions/route";
import { GET as unreadCount } from "@/app/api/messages/unread-count/route";
import { GET as pageState } from "@/app/api/users/me/page-state/route";
import { PUT as putConfig } from "@/app/api/admin/config/route";
import { GET as events } from "@/app/api/events/route";
import { GET as openapiJson } from "@/app/api/openapi.json/route";
import type { OpenApiDocument } from "@/app/api/openapi.json/openapi";
import { validateWithDocument } from "./openapi-validate";
import type { LiveEvent } from "@/lib/live/events";
import { addParticipantsResponseSchema, conversationDetailSchema, messageSchema } from "@/lib/validation/messages";
import { reactionSchema } from "@/lib/validation/responses";
import { listenForSpamListChanges } from "@/lib/services/spam/lists";
import { call, makeUser, req, type TestUser } from "../helpers";
import { elapse } from "../time";

/**
 * Direct messages in groups: a send runs a constant small number of statements whatever the
 * number of members; members are added to a group under each person's rules; reactions to messages
 * (OpenIsle's toggle) are stored and live; the header's unread count comes with page-state.
 */

let admin: TestUser;

async function member(experience = 100): Promise<TestUser> {
  const u = await makeUser();
  await db.update(users).set({ experience }).where(eq(users.id, u.id));
  return u;
}

const sendIn = (from: TestUser, conversationId: number, content = "Hello") =>
  call(sendInConversation, `/api/messages/conversations/${conversationId}/messages`, {
    token: from.token,
    body: { content },
    params: { id: String(conversationId) },
  });
const open = (u: TestUser, id: number) =>
  call(getConversation, `/api/messages/conversations/${id}`, { token: u.token, params: { id: String(id) } });
const add = (u: TestUser, id: number, userIds: unknown) =>
  call(addPeople, `/api/messages/conversations/${id}/participants`, { token: u.token, body: { userIds }, params: { id: String(id) } });
const reactTo = (u: TestUser | null, messageId: number, type: unknown = "LIKE") =>
  call(react, `/api/messages/${messageId}/reactions`, { token: u?.token, body: { type }, params: { id: String(messageId) } });
const unread = async (u: TestUser) => (await call(unreadCount, "/api/messages/unread-count", { token: u.token })).body as number;
async function group(owner: TestUser, others: TestUser[], name = "Group"): Promise<number> {
  const r = await call(createConversation, "/api/messages/conversations", {
    token: owner.token,
    body: { recipientIds: others.map((o) => o.id), name },
  });
  expect(r.status).toBe(200);
  return r.body.conversationId as number;
}

/** GET /api/events in-process: the events it sends (it listens once it has answered: nothing to wait for before a write). */
async function stream(token: string) {
  const res = await events(req("/api/events", { token }), { params: Promise.resolve({}) });
  const reader = res.body!.getReader();
  const got: (LiveEvent & { kind?: string })[] = [];
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

async function waitFor(check: () => boolean, ms = 3000) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 20 }).catch(() => {});
}

beforeAll(async () => {
  admin = await makeUser({ role: "ADMIN" });
  // As in a server: the spam lists' listener runs before the first message, so the counts below see the
  // lists cached (starting to listen drops the copies, and the next read loads them again).
  await listenForSpamListChanges();
});
beforeEach(async () => {
  expect((await call(putConfig, "/api/admin/config", { method: "PUT", token: admin.token, body: { messageMinLevel: 1 } })).status).toBe(
    200,
  );
});

describe("sending", () => {
  it("runs the same small number of statements in a conversation of two and in a group of ten", async () => {
    const a = await member();
    const b = await member();
    const first = await call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "hi" } });
    expect(first.status).toBe(200);
    const direct = first.body.conversationId as number;
    const others = await Promise.all(Array.from({ length: 9 }, () => member()));
    const big = await group(a, others);

    const count = async (f: () => Promise<{ status: number }>, status = 200) => {
      const before = dbStats.queries;
      expect((await f()).status).toBe(status);
      return dbStats.queries - before;
    };
    const inDirect = await count(() => sendIn(a, direct, "again"));
    const inGroup = await count(() => sendIn(a, big, "to all nine"));
    const openIsle = await count(() => call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "and again" } }));
    // The caller's token, the facts (one statement), the spam screen's facts about the sender
    // (lib/services/spam/screen.ts: level, silence, screened address), the rate limit and insert (one statement).
    expect(inDirect).toBe(4);
    expect(inGroup).toBe(inDirect);
    expect(openIsle).toBe(inDirect);
    // A reply to a message of another conversation is refused by the facts alone: nothing is written (the
    // third read is the member's saved language, for the error's text).
    const refused = await count(
      () =>
        call(sendInConversation, `/api/messages/conversations/${big}/messages`, {
          token: a.token,
          body: { content: "re", replyToId: first.body.id },
          params: { id: String(big) },
        }),
      400,
    );
    expect(refused).toBe(3);
    const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from messages where content = 're'`);
    expect(row!.n).toBe(0);
  });
});

describe("adding members to a group", () => {
  it("lets a member add people: a system line tells everyone, the new member reads what came before", async () => {
    const owner = await member();
    const b = await member();
    const c = await member();
    const id = await group(owner, [b]);
    expect((await sendIn(owner, id, "before C came")).status).toBe(200);
    const [sb, sc] = await Promise.all([stream(b.token), stream(c.token)]);
    try {
      const r = await add(b, id, [c.id, owner.id]);
      expect(r.status).toBe(200);
      const body = addParticipantsResponseSchema.parse(r.body);
      expect(body.added.map((u) => u.id)).toEqual([c.id]);
      expect(body.participants.map((u) => u.id).sort()).toEqual([owner.id, b.id, c.id].sort());
      expect(body.message).toMatchObject({ event: { type: "members_added", userIds: [c.id] }, sender: { id: b.id } });
      expect(body.message!.content).toBe(`${b.username} added ${c.username}`);
      // Live, to the members old and new.
      await waitFor(() => sb.got.some((e) => e.messageId === body.message!.id) && sc.got.some((e) => e.messageId === body.message!.id));
      expect(sb.got.find((e) => e.messageId === body.message!.id)).toMatchObject({ type: "message", conversationId: id, actorId: b.id });
      expect(sc.got.find((e) => e.messageId === body.message!.id)).toMatchObject({ type: "message", conversationId: id });
    } finally {
      await Promise.all([sb.close(), sc.close()]);
    }
    // C sees the history; only the line about them is new to them.
    expect(await unread(c)).toBe(1);
    const d = conversationDetailSchema.parse((await open(c, id)).body);
    expect(d.messages.content.map((m) => m.content)).toEqual([`${b.username} added ${c.username}`, "before C came"]);
    expect(d.messages.content[0]!.event).toEqual({ type: "members_added", userIds: [c.id] });
    expect(d.messages.content[1]!.event).toBeNull();
    expect((await sendIn(c, id, "Hi all")).status).toBe(200);
    // Adding someone already there changes nothing.
    const again = await add(owner, id, [c.id]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ added: [], message: null });
  });

  it("applies each person's rules and the group's bounds", async () => {
    const owner = await member();
    const b = await member();
    const id = await group(owner, [b]);
    const stranger = await member();
    // Only a member adds (anyone else: 404, as for a conversation that does not exist).
    expect((await add(stranger, id, [await member().then((u) => u.id)])).status).toBe(404);
    expect((await add(owner, 99_999_999, [stranger.id])).status).toBe(404);
    // A person who does not exist.
    expect((await add(owner, id, [99_999_999])).status).toBe(404);
    // Their policy.
    const closed = await member();
    await db.update(users).set({ messagePolicy: "NOBODY" }).where(eq(users.id, closed.id));
    expect((await add(owner, id, [closed.id])).status).toBe(403);
    const picky = await member();
    await db.update(users).set({ messagePolicy: "FOLLOWING" }).where(eq(users.id, picky.id));
    expect((await add(owner, id, [picky.id])).status).toBe(403);
    await db.insert(userFollows).values({ followerId: picky.id, followeeId: owner.id });
    expect((await add(owner, id, [picky.id])).status).toBe(200);
    // A block with the one adding, either way.
    const blocker = await member();
    await db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: owner.id });
    const r = await add(owner, id, [blocker.id]);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("forbidden");
    // A block with another member: the group would stop working for them.
    const enemy = await member();
    await db.insert(userBlocks).values({ blockerId: b.id, blockedId: enemy.id });
    expect((await add(owner, id, [enemy.id])).status).toBe(403);
    // The level rule: a new member may add staff only.
    const newcomer = await member(0);
    const g2 = await group(owner, [newcomer]);
    expect((await add(newcomer, g2, [stranger.id])).status).toBe(403);
    expect((await add(newcomer, g2, [admin.id])).status).toBe(200);
    // Groups only: a conversation of two stays the two's.
    const direct = await call(send, "/api/messages", { token: owner.token, body: { recipientId: stranger.id, content: "hi" } });
    const d = await add(owner, direct.body.conversationId as number, [b.id]);
    expect(d.status).toBe(400);
    expect(d.body.field).toBe("userIds");
    // At most 10 members in all (owner, b, picky + 8 = 11).
    const eight = await Promise.all(Array.from({ length: 8 }, () => member()));
    const full = await add(
      owner,
      id,
      eight.map((u) => u.id),
    );
    expect(full.status).toBe(400);
    expect(
      (
        await add(
          owner,
          id,
          eight.slice(0, 7).map((u) => u.id),
        )
      ).status,
    ).toBe(200);
    // Bad input.
    expect((await add(owner, id, [])).status).toBe(400);
    expect((await add(owner, id, ["x"])).status).toBe(400);
  });
});

describe("reactions to messages", () => {
  it("toggles like OpenIsle (200 with the Reaction, then 204), shows them on the message, members only, live", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const m = await call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "react to me" } });
    const messageId = m.body.id as number;
    const conversationId = m.body.conversationId as number;
    const [sa, sc] = await Promise.all([stream(a.token), stream(c.token)]);
    try {
      const added = await reactTo(b, messageId, "SMILE");
      expect(added.status).toBe(200);
      expect(reactionSchema.parse(added.body)).toEqual({
        id: added.body.id,
        type: "SMILE",
        user: b.username,
        postId: null,
        commentId: null,
        messageId,
        reward: 0,
      });
      await waitFor(() => sa.got.some((e) => e.kind === "reaction"));
      expect(sa.got.find((e) => e.kind === "reaction")).toMatchObject({ type: "message", conversationId, messageId, actorId: b.id });
      await elapse(200, "C is no member: time for a wrong event to reach C's stream");
      expect(sc.got.filter((e) => e.type === "message")).toEqual([]);
    } finally {
      await Promise.all([sa.close(), sc.close()]);
    }
    expect((await reactTo(a, messageId, "LIKE")).status).toBe(200);
    const seen = messageSchema.parse(conversationDetailSchema.parse((await open(a, conversationId)).body).messages.content[0]);
    expect(seen.reactions.map((r) => [r.type, r.user])).toEqual([
      ["SMILE", b.username],
      ["LIKE", a.username],
    ]);
    // The same again takes it back.
    expect((await reactTo(b, messageId, "SMILE")).status).toBe(204);
    const after = conversationDetailSchema.parse((await open(b, conversationId)).body).messages.content[0]!;
    expect(after.reactions.map((r) => r.type)).toEqual(["LIKE"]);
    // Not a member, no such message, not signed in, not a reaction type.
    expect((await reactTo(c, messageId)).status).toBe(404);
    expect((await reactTo(a, 99_999_999)).status).toBe(404);
    expect((await reactTo(null, messageId)).status).toBe(401);
    expect((await reactTo(a, messageId, "NOPE")).status).toBe(400);
  });

  it("are in the OpenAPI document with the participants route, and the answers match", async () => {
    const doc = (await call(openapiJson, "/api/openapi.json")).body as OpenApiDocument;
    type Op = { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> };
    const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op> | undefined)?.[method];
    const schemaOf = (path: string) => op(path, "post")!.responses["200"]!.content!["application/json"]!.schema;
    const a = await member();
    const b = await member();
    const c = await member();
    const id = await group(a, [b]);
    const m = await sendIn(a, id, "documented");
    expect(validateWithDocument(doc, schemaOf("/api/messages/{id}/reactions"), (await reactTo(b, m.body.id, "LIKE")).body)).toEqual([]);
    expect(validateWithDocument(doc, schemaOf("/api/messages/conversations/{id}/participants"), (await add(a, id, [c.id])).body)).toEqual(
      [],
    );
  });
});

describe("the header's unread count", () => {
  it("comes with page-state, so a page view needs no request of its own", async () => {
    const a = await member();
    const b = await member();
    await call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "one" } });
    await call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "two" } });
    const s = await call(pageState, "/api/users/me/page-state", { token: b.token });
    expect(s.status).toBe(200);
    expect(s.body.unreadMessages).toBe(2);
    expect(s.body.unreadMessages).toBe(await unread(b));
    expect((await call(pageState, "/api/users/me/page-state", { token: a.token })).body.unreadMessages).toBe(0);
  });
});
