import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db";
import { comments, posts, type VisibleScope } from "@/db/schema";
import { GET as events } from "@/app/api/events/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { CHANNEL, eventHub, pruneOutbox, type LiveEvent } from "@/lib/live/events";
import { liveEventSchema } from "@/lib/validation/events";
import { pageStateSchema } from "@/lib/validation/users";
import { errorSchema } from "@/lib/validation/responses";
import { postViews } from "@/db/schema";
import { eq } from "drizzle-orm";
import { call, makeCategory, makeUser, req, type TestUser } from "../helpers";
import { elapse } from "../time";
import { readFrames } from "./live-helpers";

type Stream = {
  events: LiveEvent[];
  named: { event: string; data: any }[];
  raw: string[];
  close: () => Promise<void>;
  waitFor: (pred: (e: LiveEvent) => boolean, ms?: number) => Promise<LiveEvent>;
};

const open: Stream[] = [];

/** Opens GET /api/events in-process and collects its events. */
async function stream(
  path = "/api/events",
  o: { token?: string; headers?: Record<string, string> } = {},
): Promise<Stream & { status: number; type: string | null }> {
  const res = await events(req(path, o), { params: Promise.resolve({}) });
  const reader = res.body!.getReader();
  const out: Stream = {
    events: [],
    named: [],
    raw: [],
    close: async () => void (await reader.cancel().catch(() => {})),
    waitFor: async (pred, ms = 3000) => {
      return vi.waitFor(
        () => {
          const hit = out.events.find(pred);
          if (!hit) throw new Error(`event not received; got ${JSON.stringify(out.events)}`);
          return hit;
        },
        { timeout: ms, interval: 20 },
      );
    },
  };
  void readFrames(reader, (f) => {
    out.raw.push(f.raw);
    if (f.data !== undefined && f.event) out.named.push({ event: f.event, data: f.data });
    else if (f.data !== undefined) out.events.push(f.data as LiveEvent);
  });
  open.push(out);
  return { ...out, status: res.status, type: res.headers.get("content-type") };
}

async function makePost(author: TestUser, categoryId: number, visibleScope: VisibleScope = "ALL"): Promise<number> {
  const [p] = await db
    .insert(posts)
    .values({ title: "live", content: "body", authorId: author.id, categoryId, visibleScope })
    .returning({ id: posts.id });
  return p!.id;
}

describe("GET /api/events (live updates over LISTEN/NOTIFY)", () => {
  let alice: TestUser, bob: TestUser, carol: TestUser, admin: TestUser;
  let cat: number;

  beforeAll(async () => {
    alice = await makeUser();
    bob = await makeUser();
    carol = await makeUser();
    admin = await makeUser({ role: "ADMIN" });
    cat = (await makeCategory()).id;
  });

  afterAll(async () => {
    for (const s of open) await s.close();
    await eventHub.close();
  });

  it("streams a new comment to readers of the post and the notification to its recipient only", async () => {
    const postId = await makePost(alice, cat);
    const a = await stream("/api/events", { token: alice.token });
    expect(a.status).toBe(200);
    expect(a.type).toContain("text/event-stream");
    const c = await stream("/api/events", { token: carol.token });
    const anon = await stream("/api/events");

    const r = await call(postComment, `/api/posts/${postId}/comments`, {
      token: bob.token,
      body: { content: "hello live" },
      params: { id: String(postId) },
    });
    expect(r.status).toBe(201);

    const seen = await a.waitFor((e) => e.type === "comment" && e.commentId === r.body.id);
    expect(liveEventSchema.parse(seen)).toMatchObject({ type: "comment", postId, commentId: r.body.id, actorId: bob.id });
    const note = await a.waitFor((e) => e.type === "notification");
    expect(note).toMatchObject({ userId: alice.id, postId, kind: "COMMENT_REPLY" });
    await anon.waitFor((e) => e.type === "comment" && e.commentId === r.body.id);
    await c.waitFor((e) => e.type === "comment" && e.commentId === r.body.id);
    await elapse(300, "Carol and the anonymous reader must get no notification: time for a wrong one to arrive");
    expect(c.events.filter((e) => e.type === "notification")).toEqual([]);
    expect(anon.events.filter((e) => e.type === "notification")).toEqual([]);
    // SSE framing: the event id is the outbox id.
    expect(a.raw.some((f) => f.startsWith(`id: ${seen.id}\n`))).toBe(true);
  });

  it("never sends events of a post the receiver may not read (ONLY_ME, ONLY_REGISTER)", async () => {
    const secret = await makePost(bob, cat, "ONLY_ME");
    const members = await makePost(bob, cat, "ONLY_REGISTER");
    const a = await stream("/api/events", { token: alice.token });
    const b = await stream("/api/events", { token: bob.token });
    const staff = await stream("/api/events", { token: admin.token });
    const anon = await stream("/api/events");
    const [c1] = await db.insert(comments).values({ postId: secret, authorId: bob.id, content: "private" }).returning();
    const [c2] = await db.insert(comments).values({ postId: members, authorId: bob.id, content: "members" }).returning();

    await b.waitFor((e) => e.commentId === c1!.id);
    await staff.waitFor((e) => e.commentId === c1!.id);
    await a.waitFor((e) => e.commentId === c2!.id);
    await b.waitFor((e) => e.commentId === c2!.id);
    await elapse(300, "Alice and the anonymous reader must get no event of a post hidden from them: time for one to arrive");
    expect(a.events.filter((e) => e.postId === secret)).toEqual([]);
    expect(anon.events.filter((e) => e.postId === secret || e.postId === members)).toEqual([]);
  });

  it("announces a write only when its transaction commits", async () => {
    const postId = await makePost(alice, cat);
    const a = await stream("/api/events", { token: alice.token });
    let inserted = 0;
    await db.transaction(async (tx) => {
      const [c] = await tx.insert(comments).values({ postId, authorId: bob.id, content: "in a transaction" }).returning();
      inserted = c!.id;
      await elapse(300, "uncommitted: time for a wrong early announcement to arrive");
      expect(a.events.filter((e) => e.commentId === inserted)).toEqual([]);
    });
    await a.waitFor((e) => e.commentId === inserted);
    // A rolled-back write is never announced.
    let rolledBack = 0;
    await db
      .transaction(async (tx) => {
        const [c] = await tx.insert(comments).values({ postId, authorId: bob.id, content: "rolled back" }).returning();
        rolledBack = c!.id;
        throw new Error("rollback");
      })
      .catch(() => {});
    await elapse(300, "rolled back: time for a wrong announcement to arrive");
    expect(a.events.filter((e) => e.commentId === rolledBack)).toEqual([]);
  });

  it("delivers events that commit out of id order (concurrent writers)", async () => {
    const postId = await makePost(alice, cat);
    const a = await stream("/api/events", { token: alice.token });
    const [late] = await db.insert(comments).values({ postId, authorId: bob.id, content: "committed first" }).returning();
    const seen = await a.waitFor((e) => e.commentId === late!.id);
    // An event with a smaller id arriving after a larger one, as when an older transaction commits last.
    const older = {
      type: "comment",
      postId,
      commentId: late!.id - 1000,
      authorId: alice.id,
      status: "PUBLISHED",
      scope: "ALL",
      id: seen.id - 1,
    };
    await db.execute(sql`select pg_notify('forum_events', ${JSON.stringify(older)})`);
    await a.waitFor((e) => e.commentId === older.commentId);
  });

  it("scopes post events to one post with postId, keeping notifications", async () => {
    const p1 = await makePost(alice, cat);
    const p2 = await makePost(carol, cat);
    const a = await stream(`/api/events?postId=${p1}`, { token: alice.token });
    const [x] = await db.insert(comments).values({ postId: p2, authorId: bob.id, content: "other post" }).returning();
    const [y] = await db.insert(comments).values({ postId: p1, authorId: bob.id, content: "this post" }).returning();
    await a.waitFor((e) => e.commentId === y!.id);
    await elapse(300, "a comment on another post must not arrive: time for a wrong one to");
    expect(a.events.filter((e) => e.commentId === x!.id)).toEqual([]);
  });

  /** Alice's stream sees one comment of Bob's on `postId` and goes away: the id of the last event she got. */
  async function seenOneThenGone(postId: number): Promise<number> {
    const first = await stream("/api/events", { token: alice.token });
    const [c1] = await db.insert(comments).values({ postId, authorId: bob.id, content: "seen" }).returning();
    const e1 = await first.waitFor((e) => e.commentId === c1!.id);
    await first.close();
    return e1.id;
  }

  it("replays what a reconnecting client missed after Last-Event-ID, then streams live", async () => {
    const postId = await makePost(alice, cat);
    const lastSeen = await seenOneThenGone(postId);
    const [c2] = await db.insert(comments).values({ postId, authorId: bob.id, content: "two" }).returning();
    const [c3] = await db
      .insert(comments)
      .values({ postId: await makePost(bob, cat, "ONLY_ME"), authorId: bob.id, content: "hidden" })
      .returning();
    const [c4] = await db.insert(comments).values({ postId, authorId: bob.id, content: "three" }).returning();

    const again = await stream("/api/events", { token: alice.token, headers: { "last-event-id": String(lastSeen) } });
    await again.waitFor((e) => e.commentId === c4!.id);
    const replayed = again.events.filter((e) => e.type === "comment").map((e) => e.commentId);
    expect(replayed).toEqual([c2!.id, c4!.id]); // in order, without the hidden one, without the one already seen
    const [c5] = await db.insert(comments).values({ postId, authorId: bob.id, content: "live again" }).returning();
    await again.waitFor((e) => e.commentId === c5!.id);
    expect(c3).toBeDefined();
  });

  it("sends a replayed event once, also when the hub hears its NOTIFY only after the replay", async () => {
    const postId = await makePost(alice, cat);
    const lastSeen = await seenOneThenGone(postId);
    const [c2] = await db.insert(comments).values({ postId, authorId: bob.id, content: "missed" }).returning();
    const again = await stream("/api/events", { token: alice.token, headers: { "last-event-id": String(lastSeen) } });
    const replayed = await again.waitFor((e) => e.commentId === c2!.id);
    // The NOTIFY of the missed comment reaches the hub again, late (as a slow LISTEN connection delivers it).
    await db.execute(
      sql`select pg_notify(${CHANNEL}, (payload || jsonb_build_object('id', id))::text) from events where id = ${replayed.id}`,
    );
    const [c3] = await db.insert(comments).values({ postId, authorId: bob.id, content: "live" }).returning();
    await again.waitFor((e) => e.commentId === c3!.id);
    expect(again.events.filter((e) => e.type === "comment").map((e) => e.commentId)).toEqual([c2!.id, c3!.id]);
  });

  it("tells a client too far behind (its last event pruned from the outbox) to reload", async () => {
    const postId = await makePost(alice, cat);
    const [c] = await db.insert(comments).values({ postId, authorId: bob.id, content: "old" }).returning();
    const [row] = await db
      .execute(sql`select max(id)::int as id from events`)
      .then((r) => (r as unknown as { rows?: { id: number }[] }).rows ?? (r as unknown as { id: number }[]));
    await db.execute(sql`update events set created_at = now() - interval '1 hour' where id <= ${row!.id}`);
    await pruneOutbox();
    const s = await stream(`/api/events?lastEventId=${row!.id}`, { token: alice.token });
    await s.waitFor((e) => e.type === "reload");
    expect(c).toBeDefined();
  });

  it("announces a post awaiting review to lists only once it is approved", async () => {
    const a = await stream("/api/events", { token: alice.token });
    const [p] = await db
      .insert(posts)
      .values({ title: "review me", content: "x", authorId: bob.id, categoryId: cat, status: "PENDING" })
      .returning({ id: posts.id });
    const marker = await makePost(carol, cat);
    await a.waitFor((e) => e.type === "post_created" && e.postId === marker);
    expect(a.events.filter((e) => e.postId === p!.id)).toEqual([]);
    await db
      .update(posts)
      .set({ status: "PUBLISHED" })
      .where(sql`id = ${p!.id}`);
    const created = await a.waitFor((e) => e.type === "post_created" && e.postId === p!.id);
    expect(created).toMatchObject({ authorId: bob.id, categoryId: cat });
  });

  it("rejects a malformed postId with the error body", async () => {
    const r = await call(events, "/api/events?postId=abc");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "validation_failed", field: "postId" });
  });

  describe("state=1: the member's page-state as the first message", () => {
    const named = async (s: Stream, event: string) => {
      return vi.waitFor(
        () => {
          const hit = s.named.find((n) => n.event === event);
          if (!hit) throw new Error(`no ${event}; got ${JSON.stringify(s.named)}`);
          return hit.data;
        },
        { timeout: 3000, interval: 20 },
      );
    };

    it("sends what GET /api/users/me/page-state answers, counting the view, then live events", async () => {
      const postId = await makePost(alice, cat);
      const hidden = await makePost(alice, cat, "ONLY_ME");
      const b = await stream(
        `/api/events?state=1&statePostId=${postId}&stateView=1&stateVisit=0&statePostIds=${postId}&statePostIds=${hidden}`,
        {
          token: bob.token,
        },
      );
      expect(b.status).toBe(200);
      const state = pageStateSchema.parse(await named(b, "page-state"));
      expect(state.me).toMatchObject({ id: bob.id, username: bob.username });
      expect(state.post).toMatchObject({ id: postId, subscribed: false, myVotes: [] });
      // Marks only for what Bob may see: never Alice's private post.
      expect(state.marks.map((m) => m.postId)).not.toContain(hidden);
      // The view was counted, as on the page-state endpoint.
      expect(await db.select().from(postViews).where(eq(postViews.postId, postId))).toHaveLength(1);
      expect((await db.select({ views: posts.views }).from(posts).where(eq(posts.id, postId)))[0]!.views).toBe(1);
      // Not an event with an id: the client's Last-Event-ID stays where it was.
      expect(b.raw.find((c) => c.startsWith("event: page-state"))).not.toMatch(/^id:/m);
      // And the stream goes on as any other.
      const r = await call(postComment, `/api/posts/${postId}/comments`, {
        token: carol.token,
        body: { content: "after the state" },
        params: { id: String(postId) },
      });
      expect(r.status).toBe(201);
      await b.waitFor((e) => e.type === "comment" && e.commentId === r.body.id);
      expect(b.named).toHaveLength(1);
    });

    it("answers a caller who is not signed in with page-state-error 401, and still streams", async () => {
      const postId = await makePost(alice, cat);
      const anon = await stream(`/api/events?state=1&statePostIds=${postId}`);
      expect(anon.status).toBe(200);
      const err = await named(anon, "page-state-error");
      expect(err.status).toBe(401);
      expect(errorSchema.parse(err)).toMatchObject({ code: "unauthorized" });
      const r = await call(postComment, `/api/posts/${postId}/comments`, {
        token: carol.token,
        body: { content: "anon still hears" },
        params: { id: String(postId) },
      });
      await anon.waitFor((e) => e.type === "comment" && e.commentId === r.body.id);
    });

    it("sends no page-state without state=1", async () => {
      const b = await stream(`/api/events?statePostIds=1`, { token: bob.token });
      await elapse(300, "without state=1 no page-state must arrive: time for a wrong one to");
      expect(b.named).toEqual([]);
    });

    it("rejects malformed page-state parameters with the error body", async () => {
      const r = await call(events, "/api/events?state=2");
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: "validation_failed", field: "state" });
      const many = await call(events, `/api/events?state=1${Array.from({ length: 51 }, (_, i) => `&statePostIds=${i + 1}`).join("")}`, {
        token: bob.token,
      });
      expect(many.status).toBe(400);
      expect(many.body).toMatchObject({ code: "validation_failed", field: "statePostIds" });
    });
  });
});
