import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats } from "@/db";
import { notifications, reactions } from "@/db/schema";
import { REACTION_TYPES } from "@/db/schema/enums";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { POST as reactPost } from "@/app/api/posts/[id]/reactions/route";
import { POST as reactComment } from "@/app/api/comments/[id]/reactions/route";
import { GET as reactionTypes } from "@/app/api/reaction-types/route";
import { applyPoints } from "@/lib/services/points/points";
import { loadCommentReactions, loadPostReactions } from "@/lib/services/shared/reactions";
import { reactionSchema } from "@/lib/validation/responses";
import { call, makeUser, type TestUser } from "../helpers";
import { balance, ledger, ledgerSum, makePost, notificationsOf } from "./comments-fixtures";

const onPost = (post: number, u: TestUser | null, type: unknown = "LIKE") =>
  call(reactPost, `/api/posts/${post}/reactions`, { token: u?.token, body: { type }, params: { id: String(post) } });
const onComment = (c: number, u: TestUser | null, type: unknown = "LIKE") =>
  call(reactComment, `/api/comments/${c}/reactions`, { token: u?.token, body: { type }, params: { id: String(c) } });

async function consistent(...users: TestUser[]) {
  for (const u of users) expect((await balance(u.id)).point, u.username).toBe(await ledgerSum(u.id));
}

describe("GET /api/reaction-types", () => {
  it("lists the 25 types without touching the database, and still refuses a bad token", async () => {
    const before = dbStats.queries;
    const res = await call(reactionTypes, "/api/reaction-types");
    expect(dbStats.queries).toBe(before);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([...REACTION_TYPES]);
    expect(res.body).toHaveLength(25);
    const bad = await call(reactionTypes, "/api/reaction-types", { token: "fp_not-a-real-token" });
    expect(bad.status).toBe(401);
  });
});

describe("POST /api/posts/{id}/reactions", () => {
  it("toggles: 200 with the Reaction and +10 to the author, then 204 and everything taken back", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);

    const added = await onPost(post.id, bob, "LIKE");
    expect(added.status).toBe(200);
    expect(reactionSchema.parse(added.body)).toEqual({
      id: added.body.id,
      type: "LIKE",
      user: bob.username,
      postId: post.id,
      commentId: null,
      messageId: null,
      reward: 5,
    });
    expect((await ledger(author.id)).map((l) => [l.type, l.amount, l.fromUserId, l.postId])).toEqual([["POST_LIKED", 10, bob.id, post.id]]);
    expect((await balance(bob.id)).experience).toBe(5);
    const n = await notificationsOf(author.id);
    expect(n.map((x) => [x.type, x.fromUserId, x.postId, x.commentId, x.reactionType])).toEqual([
      ["REACTION", bob.id, post.id, null, "LIKE"],
    ]);
    expect((await loadPostReactions([post.id])).get(post.id)!.map((r) => r.type)).toEqual(["LIKE"]);

    const removed = await onPost(post.id, bob, "LIKE");
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect(await db.select().from(reactions).where(eq(reactions.postId, post.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.id), eq(notifications.type, "REACTION"))),
    ).toEqual([]);
    expect((await ledger(author.id)).map((l) => [l.type, l.amount])).toEqual([
      ["POST_LIKED", 10],
      ["POST_LIKE_CANCELLED", -10],
    ]);
    expect((await balance(author.id)).point).toBe(0);
    await consistent(author, bob);
  });

  it("lets one user hold several types, gives no points on one's own post, and caps experience at 4 a day", async () => {
    const author = await makeUser();
    const post = await makePost(author.id);
    const rewards: number[] = [];
    for (const type of ["LIKE", "SMILE", "FIRE", "EYES", "KOREA"]) {
      const r = await onPost(post.id, author, type);
      expect(r.status).toBe(200);
      rewards.push(r.body.reward);
    }
    expect(rewards).toEqual([5, 5, 5, 5, 0]);
    expect((await balance(author.id)).experience).toBe(20);
    expect(await ledger(author.id)).toEqual([]);
    expect(await notificationsOf(author.id)).toEqual([]);
    expect((await loadPostReactions([post.id, 999999])).get(post.id)!.map((r) => r.type)).toEqual([
      "LIKE",
      "SMILE",
      "FIRE",
      "EYES",
      "KOREA",
    ]);
  });

  it("never withdraws more than the author still holds", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const post = await makePost(author.id);
    expect((await onPost(post.id, bob)).status).toBe(200);
    expect((await onPost(post.id, carol)).status).toBe(200);
    await applyPoints(db, { userId: author.id, type: "REDEEM", amount: -15 });
    expect((await onPost(post.id, bob)).status).toBe(204);
    expect((await balance(author.id)).point).toBe(0);
    expect((await onPost(post.id, carol)).status).toBe(204);
    expect((await ledger(author.id)).map((l) => l.amount)).toEqual([10, 10, -15, -5]);
    await consistent(author);
  });

  it("answers 400 for an unknown type, 401/403 without write access and 404 for hidden posts", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const reader = await makeUser({ scopes: ["read"] });
    const post = await makePost(author.id);
    for (const type of ["HEART", "like", 3, null]) {
      const r = await onPost(post.id, bob, type);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("type");
    }
    const empty = await call(reactPost, `/api/posts/${post.id}/reactions`, {
      token: bob.token,
      method: "POST",
      params: { id: String(post.id) },
    });
    expect(empty.status).toBe(400);
    expect((await onPost(post.id, null)).status).toBe(401);
    expect((await onPost(post.id, reader)).status).toBe(403);
    expect((await onPost(999999, bob)).status).toBe(404);
    const hidden = await makePost(author.id, { visibleScope: "ONLY_ME" });
    expect((await onPost(hidden.id, bob)).status).toBe(404);
    const pending = await makePost(author.id, { status: "PENDING" });
    expect((await onPost(pending.id, bob)).status).toBe(404);
    expect(await db.select().from(reactions).where(eq(reactions.userId, bob.id))).toEqual([]);
  });

  it("accepts all 25 types", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    for (const type of REACTION_TYPES) expect((await onPost(post.id, bob, type)).status, type).toBe(200);
    expect((await balance(author.id)).point).toBe(250);
    await consistent(author, bob);
  });

  it("stays consistent when the same toggle arrives twice at once", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    const statuses = (await Promise.all([onPost(post.id, bob, "FIRE"), onPost(post.id, bob, "FIRE")])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 204]);
    expect(await db.select().from(reactions).where(eq(reactions.postId, post.id))).toEqual([]);
    expect(await notificationsOf(author.id)).toEqual([]);
    await consistent(author, bob);
  });
});

describe("crossing writes", () => {
  it("never deadlocks when users react to each other's posts at the same time", async () => {
    const users = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const posts = await Promise.all(users.map((u) => makePost(u.id)));
    const jobs = [];
    for (const type of ["LIKE", "SMILE", "FIRE"]) {
      for (const [i, u] of users.entries()) jobs.push(onPost(posts[(i + 1) % 3]!.id, u, type), onPost(posts[(i + 2) % 3]!.id, u, type));
    }
    const res = await Promise.all(jobs);
    expect(res.map((r) => r.status)).toEqual(jobs.map(() => 200));
    for (const u of users) expect((await balance(u.id)).point).toBe(60);
    await consistent(...users);
  });
});

describe("POST /api/comments/{id}/reactions", () => {
  it("toggles a reaction on a comment with COMMENT_LIKED points and a REACTION carrying the comment", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const post = await makePost(author.id);
    const c = (
      await call(postComment, `/api/posts/${post.id}/comments`, {
        token: bob.token,
        body: { content: "hi" },
        params: { id: String(post.id) },
      })
    ).body;
    const pointsBefore = (await balance(bob.id)).point;

    const added = await onComment(c.id, carol, "DISLIKE");
    expect(added.status).toBe(200);
    expect(reactionSchema.parse(added.body)).toMatchObject({
      type: "DISLIKE",
      user: carol.username,
      commentId: c.id,
      postId: null,
      messageId: null,
      reward: 5,
    });
    expect((await balance(bob.id)).point).toBe(pointsBefore + 10);
    const n = (await notificationsOf(bob.id)).filter((x) => x.type === "REACTION");
    expect(n.map((x) => [x.fromUserId, x.postId, x.commentId, x.reactionType])).toEqual([[carol.id, post.id, c.id, "DISLIKE"]]);
    const loaded = await loadCommentReactions([c.id]);
    expect(
      z
        .array(reactionSchema)
        .parse(loaded.get(c.id))
        .map((r) => r.type),
    ).toEqual(["DISLIKE"]);
    expect((await loadPostReactions([post.id])).get(post.id)).toEqual([]);

    expect((await onComment(c.id, carol, "DISLIKE")).status).toBe(204);
    expect(await db.select().from(reactions).where(eq(reactions.commentId, c.id))).toEqual([]);
    expect((await notificationsOf(bob.id)).filter((x) => x.type === "REACTION")).toEqual([]);
    expect((await ledger(bob.id)).map((l) => l.type)).toContain("COMMENT_LIKE_CANCELLED");
    expect((await balance(bob.id)).point).toBe(pointsBefore);
    await consistent(author, bob, carol);
  });

  it("404s unknown, deleted and hidden comments", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const hidden = await makePost(author.id, { visibleScope: "ONLY_ME" });
    const hc = (
      await call(postComment, `/api/posts/${hidden.id}/comments`, {
        token: author.token,
        body: { content: "x" },
        params: { id: String(hidden.id) },
      })
    ).body;
    expect((await onComment(hc.id, bob)).status).toBe(404);
    expect((await onComment(hc.id, author)).status).toBe(200);
    expect((await onComment(999999, bob)).status).toBe(404);
    await call(deleteComment, `/api/comments/${hc.id}`, { method: "DELETE", token: author.token, params: { id: String(hc.id) } });
    expect((await onComment(hc.id, author, "SMILE")).status).toBe(404);
  });
});
