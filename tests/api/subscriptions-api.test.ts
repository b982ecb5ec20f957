import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { postSubscriptions } from "@/db/schema";
import { POST as subscribe, DELETE as unsubscribe } from "@/app/api/subscriptions/posts/[id]/route";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { readViewerState } from "@/lib/services/posts/loader";
import { call, makeUser, type TestUser } from "../helpers";
import { makePost, notificationsOf } from "./comments-fixtures";

const sub = (post: number, u: TestUser | null) =>
  call(subscribe, `/api/subscriptions/posts/${post}`, { method: "POST", token: u?.token, params: { id: String(post) } });
const unsub = (post: number, u: TestUser | null) =>
  call(unsubscribe, `/api/subscriptions/posts/${post}`, { method: "DELETE", token: u?.token, params: { id: String(post) } });
const rows = (post: number, userId: number) =>
  db
    .select()
    .from(postSubscriptions)
    .where(and(eq(postSubscriptions.postId, post), eq(postSubscriptions.userId, userId)));

describe("POST/DELETE /api/subscriptions/posts/{id}", () => {
  it("subscribes and unsubscribes idempotently, telling the author once per change", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);

    for (let i = 0; i < 2; i++) {
      const r = await sub(post.id, bob);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ subscribed: true });
    }
    expect(await rows(post.id, bob.id)).toHaveLength(1);
    expect((await readViewerState([post.id, 999999], bob.id)).subscribed.has(post.id)).toBe(true);
    expect((await readViewerState([post.id], author.id)).subscribed.size).toBe(0);
    expect((await readViewerState([post.id], null)).subscribed.size).toBe(0);

    for (let i = 0; i < 2; i++) {
      const r = await unsub(post.id, bob);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ subscribed: false });
    }
    expect(await rows(post.id, bob.id)).toHaveLength(0);
    const n = await notificationsOf(author.id);
    expect(n.map((x) => [x.type, x.fromUserId, x.postId])).toEqual([
      ["POST_SUBSCRIBED", bob.id, post.id],
      ["POST_UNSUBSCRIBED", bob.id, post.id],
    ]);
    expect(await notificationsOf(bob.id)).toEqual([]);
  });

  it("sends nothing when the author subscribes to their own post, and the author hears of a new comment once", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const post = await makePost(author.id);
    expect((await sub(post.id, author)).body).toEqual({ subscribed: true });
    expect(await notificationsOf(author.id)).toEqual([]);
    await call(postComment, `/api/posts/${post.id}/comments`, {
      token: bob.token,
      body: { content: "hi" },
      params: { id: String(post.id) },
    });
    // One notification per event: the reply, not also "a post you follow was updated".
    const types = (await notificationsOf(author.id)).map((n) => n.type).sort();
    expect(types).toEqual(["COMMENT_REPLY"]);
  });

  it("answers 401 signed out, 403 for a read token, 404 for unknown or hidden posts, 400 for a bad id", async () => {
    const author = await makeUser();
    const bob = await makeUser();
    const reader = await makeUser({ scopes: ["read"] });
    const post = await makePost(author.id);
    const hidden = await makePost(author.id, { visibleScope: "ONLY_ME" });
    expect((await sub(post.id, null)).status).toBe(401);
    expect((await unsub(post.id, null)).status).toBe(401);
    expect((await sub(post.id, reader)).status).toBe(403);
    expect((await sub(999999, bob)).status).toBe(404);
    expect((await sub(hidden.id, bob)).status).toBe(404);
    expect((await unsub(hidden.id, bob)).status).toBe(404);
    const bad = await call(subscribe, "/api/subscriptions/posts/x", { method: "POST", token: bob.token, params: { id: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
    expect(await rows(hidden.id, bob.id)).toHaveLength(0);
  });
});
