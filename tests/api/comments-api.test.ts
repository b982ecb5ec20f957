import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats, rawRows } from "@/db";
import { comments, notifications, postSubscriptions, RATE_LIMIT_DEFAULTS } from "@/db/schema";
import { GET as listComments, POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { DELETE as deleteComment, GET as getComment } from "@/app/api/comments/[id]/route";
import { POST as reply } from "@/app/api/comments/[id]/replies/route";
import { POST as pin } from "@/app/api/comments/[id]/pin/route";
import { POST as unpin } from "@/app/api/comments/[id]/unpin/route";
import { loadCommentTree, loadCommentsByIds } from "@/lib/services/comments/comments";
import { commentSchema, errorSchema } from "@/lib/validation/responses";
import { call, makeUser, setRateLimits, type TestUser } from "../helpers";
import { balance, ledger, ledgerSum, liveCommentCount, makePost, notificationsOf, postRow } from "./comments-fixtures";

const comment = (post: number, u: TestUser, content = "Nice post") =>
  call(postComment, `/api/posts/${post}/comments`, { token: u.token, body: { content }, params: { id: String(post) } });
const replyTo = (c: number, u: TestUser, content = "A reply") =>
  call(reply, `/api/comments/${c}/replies`, { token: u.token, body: { content }, params: { id: String(c) } });
const list = (post: number, qs = "", token?: string) =>
  call(listComments, `/api/posts/${post}/comments${qs}`, { token, params: { id: String(post) } });

async function expectNoSelfNotifications() {
  const [r] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from notifications where from_user_id = user_id`);
  expect(Number(r!.n)).toBe(0);
}

describe("POST /api/posts/{id}/comments", () => {
  it("creates a comment with points, experience, counters and a COMMENT_REPLY to the post's author", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    const res = await comment(post.id, bob, "Hello **there**");
    expect(res.status).toBe(201);
    const c = commentSchema.parse(res.body);
    expect(c).toMatchObject({
      content: "Hello **there**",
      reward: 10,
      pointReward: 10,
      deleted: false,
      parentId: null,
      postId: post.id,
      replies: [],
      reactions: [],
      pinnedAt: null,
    });
    expect(c.author).toMatchObject({ id: bob.id, username: bob.username });

    const p = await postRow(post.id);
    expect(p.commentCount).toBe(1);
    expect(p.lastReplyAt.toISOString()).toBe(c.createdAt);

    expect((await ledger(bob.id)).map((l) => [l.type, l.amount, l.commentId])).toEqual([["COMMENT", 10, c.id]]);
    expect((await ledger(author.id)).map((l) => [l.type, l.amount, l.fromUserId])).toEqual([["COMMENT", 10, bob.id]]);
    for (const u of [bob, author]) expect((await balance(u.id)).point).toBe(await ledgerSum(u.id));
    expect((await balance(bob.id)).experience).toBe(10);

    const n = await notificationsOf(author.id);
    expect(n.map((x) => [x.type, x.fromUserId, x.postId, x.commentId])).toEqual([["COMMENT_REPLY", bob.id, post.id, c.id]]);
    expect(await notificationsOf(bob.id)).toEqual([]);
  });

  it("gives no author bonus and sends nothing when the author comments on their own post", async () => {
    const author = await makeUser();
    const post = await makePost(author.id);
    const res = await comment(post.id, author);
    expect(res.status).toBe(201);
    expect(res.body.pointReward).toBe(10);
    expect((await ledger(author.id)).map((l) => l.amount)).toEqual([10]);
    expect(await notificationsOf(author.id)).toEqual([]);
  });

  it("caps the commenter's points at 4 a day while the post's author keeps earning", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    const rewards: number[] = [];
    for (let i = 0; i < 5; i++) rewards.push((await comment(post.id, bob, `c${i}`)).body.pointReward);
    expect(rewards).toEqual([10, 10, 10, 10, 0]);
    expect((await balance(bob.id)).point).toBe(40);
    expect((await balance(bob.id)).experience).toBe(40);
    expect((await balance(author.id)).point).toBe(50);
    for (const u of [bob, author]) expect((await balance(u.id)).point).toBe(await ledgerSum(u.id));
    expect((await postRow(post.id)).commentCount).toBe(5);
  });

  it("answers 401, 403, 404, 409 and 400 as docs/api.md §1 says", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const reader = await makeUser({ scopes: ["read"] });
    const post = await makePost(author.id);
    const hidden = await makePost(author.id, { visibleScope: "ONLY_ME" });
    const pending = await makePost(author.id, { status: "PENDING" });
    const closed = await makePost(author.id, { closed: true });

    const anon = await call(postComment, `/api/posts/${post.id}/comments`, { body: { content: "x" }, params: { id: String(post.id) } });
    expect(anon.status).toBe(401);
    expect((await comment(post.id, reader)).status).toBe(403);
    expect((await comment(999999, bob)).status).toBe(404);
    for (const p of [hidden, pending]) {
      const r = await comment(p.id, bob);
      expect(r.status).toBe(404);
      expect(errorSchema.parse(r.body).code).toBe("not_found");
    }
    expect((await comment(hidden.id, author)).status).toBe(201);
    const c = await comment(closed.id, bob);
    expect(c.status).toBe(409);
    expect(c.body.code).toBe("conflict");

    for (const content of ["", "   ", "x".repeat(20_001)]) {
      const r = await comment(post.id, bob, content);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("content");
    }
    expect((await comment(post.id, bob, "x".repeat(20_000))).status).toBe(201);
    const badId = await call(postComment, "/api/posts/abc/comments", { token: bob.token, body: { content: "x" }, params: { id: "abc" } });
    expect(badId.status).toBe(400);
    const malformed = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: bob.token,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
      method: "POST",
      params: { id: String(post.id) },
    });
    expect(malformed.status).toBe(400);
    expect(await liveCommentCount(post.id)).toBe((await postRow(post.id)).commentCount);
  });

  it("rate-limits comments per user with 429 and Retry-After", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    await setRateLimits({ comments: { limit: 2 } });
    try {
      expect((await comment(post.id, bob)).status).toBe(201);
      expect((await comment(post.id, bob)).status).toBe(201);
      const r = await comment(post.id, bob);
      expect(r.status).toBe(429);
      expect(r.body.code).toBe("rate_limited");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await comment(post.id, author)).status).toBe(201);
    } finally {
      await setRateLimits({ comments: RATE_LIMIT_DEFAULTS.comments });
    }
    expect((await postRow(post.id)).commentCount).toBe(3);
  });
});

describe("POST /api/comments/{id}/replies", () => {
  it("nests replies at any depth, earns experience but no points, and notifies parent, post author and subscribers", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const sub = await makeUser();
    const post = await makePost(author.id);
    await db.insert(postSubscriptions).values([
      { userId: sub.id, postId: post.id },
      { userId: carol.id, postId: post.id },
    ]);

    const top = (await comment(post.id, bob)).body;
    const r1 = await replyTo(top.id, carol, "first level");
    expect(r1.status).toBe(201);
    expect(commentSchema.parse(r1.body)).toMatchObject({ parentId: top.id, postId: post.id, pointReward: 0, reward: 10 });
    const r2 = await replyTo(r1.body.id, bob, "second level");
    const r3 = await replyTo(r2.body.id, author, "third level");
    expect(r3.status).toBe(201);

    expect((await ledger(carol.id)).length).toBe(0);
    expect((await balance(carol.id)).experience).toBe(10);

    const p = await postRow(post.id);
    expect(p.commentCount).toBe(4);
    expect(p.lastReplyAt.toISOString()).toBe(r3.body.createdAt);

    // carol's reply: COMMENT_REPLY to bob (parent) and to the author; POST_UPDATED to sub (not to carol, the actor)
    const forR1 = await db.select().from(notifications).where(eq(notifications.commentId, r1.body.id)).orderBy(notifications.id);
    expect(forR1.map((n) => [n.userId, n.type, n.fromUserId]).sort()).toEqual(
      [
        [bob.id, "COMMENT_REPLY", carol.id],
        [author.id, "COMMENT_REPLY", carol.id],
        [sub.id, "POST_UPDATED", carol.id],
      ].sort(),
    );
    // the author's own reply to bob: COMMENT_REPLY to bob only (never to the author), POST_UPDATED to both subscribers
    const forR3 = await db.select().from(notifications).where(eq(notifications.commentId, r3.body.id));
    expect(forR3.map((n) => [n.userId, n.type]).sort()).toEqual(
      [
        [bob.id, "COMMENT_REPLY"],
        [carol.id, "POST_UPDATED"],
        [sub.id, "POST_UPDATED"],
      ].sort(),
    );
    await expectNoSelfNotifications();

    const tree = await list(post.id);
    expect(tree.status).toBe(200);
    const parsed = z.array(commentSchema).parse(tree.body);
    expect(parsed[0]!.replies[0]!.replies[0]!.replies[0]!.content).toBe("third level");
  });

  it("404s a reply to an unknown, deleted or hidden comment", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const hidden = await makePost(author.id, { visibleScope: "ONLY_ME" });
    const hc = (await comment(hidden.id, author)).body;
    expect((await replyTo(hc.id, bob)).status).toBe(404);
    expect((await replyTo(999999, bob)).status).toBe(404);
    const post = await makePost(author.id);
    const c = (await comment(post.id, bob)).body;
    await call(deleteComment, `/api/comments/${c.id}`, { method: "DELETE", token: bob.token, params: { id: String(c.id) } });
    expect((await replyTo(c.id, author)).status).toBe(404);
    expect((await call(reply, `/api/comments/${c.id}/replies`, { body: { content: "x" }, params: { id: String(c.id) } })).status).toBe(401);
  });
});

describe("mentions", () => {
  it("sends MENTION for @name and @[name] of existing users, never to the actor or for e-mail addresses", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const dan = await makeUser();
    const eve = await makeUser();
    const post = await makePost(author.id);
    const text = `hi @${dan.username.toUpperCase()} and @[${eve.username}], me @${bob.username}, mail x@${author.username} @nobody_here`;
    const c = (await comment(post.id, bob, text)).body;
    const mentions = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "MENTION"), eq(notifications.commentId, c.id)));
    expect(mentions.map((m) => m.userId).sort()).toEqual([dan.id, eve.id].sort());
    expect(mentions.every((m) => m.fromUserId === bob.id && m.postId === post.id)).toBe(true);
  });
});

describe("GET /api/posts/{id}/comments", () => {
  it("pages top-level comments, pinned first then oldest first, with replies oldest first", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await comment(post.id, bob, `top ${i}`)).body.id);
    const ra = (await replyTo(ids[0]!, author, "ra")).body.id;
    const rb = (await replyTo(ids[0]!, bob, "rb")).body.id;
    const pinned = await call(pin, `/api/comments/${ids[2]}/pin`, { method: "POST", token: author.token, params: { id: String(ids[2]) } });
    expect(pinned.status).toBe(200);
    expect(commentSchema.parse(pinned.body).pinnedAt).not.toBeNull();

    const all = await list(post.id);
    expect(all.body.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[0], ids[1], ids[3]]);
    expect(all.body[1].replies.map((c: { id: number }) => c.id)).toEqual([ra, rb]);
    const page1 = await list(post.id, "?page=1&pageSize=2");
    expect(page1.body.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[3]]);
    expect((await list(post.id, "?page=5&pageSize=2")).body).toEqual([]);
    for (const qs of ["?pageSize=0", "?pageSize=101", "?page=-1", "?page=x"]) {
      const r = await list(post.id, qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe("validation_failed");
    }

    const un = await call(unpin, `/api/comments/${ids[2]}/unpin`, { method: "POST", token: author.token, params: { id: String(ids[2]) } });
    expect(un.body.pinnedAt).toBeNull();
    expect((await list(post.id)).body.map((c: { id: number }) => c.id)).toEqual(ids);
  });

  it("hides comments of posts the caller may not see", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const reg = await makePost(author.id, { visibleScope: "ONLY_REGISTER" });
    const mine = await makePost(author.id, { visibleScope: "ONLY_ME" });
    const c = (await comment(mine.id, author)).body;
    expect((await list(reg.id)).status).toBe(404);
    expect((await list(reg.id, "", bob.token)).status).toBe(200);
    expect((await list(mine.id, "", bob.token)).status).toBe(404);
    expect((await list(mine.id, "", author.token)).status).toBe(200);
    expect((await list(424242)).status).toBe(404);
    expect((await call(getComment, `/api/comments/${c.id}`, { token: bob.token, params: { id: String(c.id) } })).status).toBe(404);
    const mod = await makeUser({ role: "MODERATOR" });
    expect((await list(mine.id, "", mod.token)).status).toBe(200);
  });

  it("runs a constant number of queries whatever the number of comments", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const small = await makePost(author.id);
    const big = await makePost(author.id);
    const c = (await comment(small.id, bob)).body;
    await replyTo(c.id, author);
    for (let i = 0; i < 12; i++) {
      const t = (await comment(big.id, author, `t${i}`)).body;
      const r = (await replyTo(t.id, bob)).body;
      await replyTo(r.id, author);
    }
    const count = async (postId: number) => {
      const before = dbStats.queries;
      const tree = await loadCommentTree(postId, null);
      return { n: dbStats.queries - before, tree };
    };
    const a = await count(small.id);
    const b = await count(big.id);
    expect(b.tree.length).toBe(12);
    expect(b.tree.every((t) => t.replies[0]!.replies.length === 1)).toBe(true);
    expect(b.n).toBe(a.n);
    expect(b.n).toBeLessThanOrEqual(3);
    const byIds = await loadCommentsByIds([c.id, b.tree[0]!.id, 999999]);
    expect([...byIds.keys()].sort()).toEqual([c.id, b.tree[0]!.id].sort());
    expect(byIds.get(c.id)!.replies).toEqual([]);
  });
});

describe("DELETE /api/comments/{id}", () => {
  it("soft-deletes (author or moderator), keeps replies readable and fixes commentCount and lastReplyAt", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const mod = await makeUser({ role: "MODERATOR" });
    const post = await makePost(author.id);
    const del = (id: number, token?: string) =>
      call(deleteComment, `/api/comments/${id}`, { method: "DELETE", token, params: { id: String(id) } });

    const first = (await comment(post.id, bob, "first")).body;
    const child = (await replyTo(first.id, author, "child")).body;
    const last = (await comment(post.id, bob, "last")).body;

    expect((await del(first.id)).status).toBe(401);
    expect((await del(first.id, author.token)).status).toBe(403);
    expect((await del(999999, bob.token)).status).toBe(404);
    expect((await del(first.id, bob.token)).status).toBe(204);
    expect((await del(first.id, bob.token)).status).toBe(404);

    let p = await postRow(post.id);
    expect(p.commentCount).toBe(2);
    expect(p.commentCount).toBe(await liveCommentCount(post.id));
    expect(p.lastReplyAt.toISOString()).toBe(last.createdAt);

    const tree = (await list(post.id)).body;
    expect(tree[0]).toMatchObject({ id: first.id, deleted: true, content: "" });
    expect(tree[0].replies[0]).toMatchObject({ id: child.id, content: "child", deleted: false });
    const [row] = await db.select().from(comments).where(eq(comments.id, first.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.content).toBe("first");

    expect((await del(last.id, mod.token)).status).toBe(204);
    p = await postRow(post.id);
    expect(p.lastReplyAt.toISOString()).toBe(child.createdAt);
    expect((await del(child.id, author.token)).status).toBe(204);
    p = await postRow(post.id);
    expect(p.commentCount).toBe(0);
    expect(p.lastReplyAt.toISOString()).toBe(p.createdAt.toISOString());
  });
});

describe("GET /api/comments/{id} and pin permissions", () => {
  it("returns one comment with its replies; pin is for the post's author or a moderator", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const mod = await makeUser({ role: "MODERATOR" });
    const post = await makePost(author.id);
    const c = (await comment(post.id, bob)).body;
    await replyTo(c.id, author, "r");
    const one = await call(getComment, `/api/comments/${c.id}`, { params: { id: String(c.id) } });
    expect(one.status).toBe(200);
    expect(commentSchema.parse(one.body).replies.map((r) => r.content)).toEqual(["r"]);
    expect((await call(getComment, "/api/comments/999999", { params: { id: "999999" } })).status).toBe(404);

    const pinAs = (token?: string) => call(pin, `/api/comments/${c.id}/pin`, { method: "POST", token, params: { id: String(c.id) } });
    expect((await pinAs()).status).toBe(401);
    expect((await pinAs(bob.token)).status).toBe(403);
    expect((await pinAs(mod.token)).status).toBe(200);
    // A moderator's pin is lifted by staff only; the post's author pins and unpins their own.
    const unpinAs = (token: string) => call(unpin, `/api/comments/${c.id}/unpin`, { method: "POST", token, params: { id: String(c.id) } });
    expect((await unpinAs(author.token)).body.code).toBe("staff_decision");
    expect((await unpinAs(mod.token)).body.pinnedAt).toBeNull();
    expect((await pinAs(author.token)).status).toBe(200);
    expect((await unpinAs(author.token)).body.pinnedAt).toBeNull();
  });
});
