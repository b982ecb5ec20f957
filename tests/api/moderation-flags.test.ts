// Flags: members flag posts and comments once each; three distinct flaggers hide the target
// until staff resolve it; staff list and resolve flags, and every flagger hears the outcome.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, flags, notifications, posts } from "@/db/schema";
import { POST as resolve } from "@/app/api/admin/flags/[id]/resolve/route";
import { GET as listFlags } from "@/app/api/admin/flags/route";
import { POST as flag } from "@/app/api/flags/route";
import { GET as postDetail } from "@/app/api/posts/[id]/route";
import { GET as listPosts } from "@/app/api/posts/route";
import { adminFlagSchema, flagSchema } from "@/lib/validation/moderation";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

let mod: TestUser, author: TestUser, members: TestUser[], catId: number;

beforeAll(async () => {
  mod = await makeUser({ role: "MODERATOR" });
  author = await makeUser();
  members = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
  catId = (await makeCategory()).id;
});

async function newPost(): Promise<number> {
  const [p] = await db.insert(posts).values({ title: "Flag me", content: "text", authorId: author.id, categoryId: catId }).returning();
  return p!.id;
}
async function newComment(postId: number): Promise<number> {
  const [c] = await db.insert(comments).values({ postId, authorId: author.id, content: "a rude comment" }).returning();
  return c!.id;
}
const flagAs = (u: TestUser, body: Record<string, unknown>) => call(flag, "/api/flags", { token: u.token, body });
const resolvedNotes = (userId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "FLAG_RESOLVED")));

describe("POST /api/flags", () => {
  it("records one flag per member per target and validates the body", async () => {
    const postId = await newPost();
    const r = await flagAs(members[0]!, { postId, reason: "SPAM", note: "buy now links" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(flagSchema.parse(r.body)).toMatchObject({
      postId,
      commentId: null,
      reason: "SPAM",
      note: "buy now links",
      status: "OPEN",
      targetHidden: false,
    });
    expect((await flagAs(members[0]!, { postId, reason: "OTHER" })).status).toBe(409);
    expect((await flagAs(members[1]!, { postId, reason: "NOPE" })).status).toBe(400);
    expect((await flagAs(members[1]!, { reason: "SPAM" })).status).toBe(400);
    expect((await flagAs(members[1]!, { postId, commentId: 1, reason: "SPAM" })).status).toBe(400);
    expect((await flagAs(members[1]!, { postId: 999999, reason: "SPAM" })).status).toBe(404);
    expect((await flagAs(author, { postId, reason: "SPAM" })).status).toBe(403);
    expect((await call(flag, "/api/flags", { body: { postId, reason: "SPAM" } })).status).toBe(401);
    expect(await db.select().from(flags).where(eq(flags.postId, postId))).toHaveLength(1);
  });

  it("three distinct flaggers hide a comment until reviewed; its text reaches staff and the author only", async () => {
    const postId = await newPost();
    const commentId = await newComment(postId);
    for (const [i, m] of members.slice(0, 3).entries()) {
      const r = await flagAs(m, { commentId, reason: "INAPPROPRIATE" });
      expect(r.status).toBe(201);
      expect(r.body.postId).toBe(postId);
      expect(r.body.targetHidden).toBe(i === 2);
    }
    const [row] = await db.select().from(comments).where(eq(comments.id, commentId));
    expect(row!.hiddenAt).not.toBeNull();
    const seen = async (u?: TestUser) => {
      const d = await call(postDetail, `/api/posts/${postId}`, { token: u?.token, params: { id: String(postId) } });
      return (d.body.comments as { id: number; content: string; hidden: boolean }[]).find((c) => c.id === commentId)!;
    };
    expect(await seen()).toMatchObject({ content: "", hidden: true });
    expect(await seen(members[3])).toMatchObject({ content: "", hidden: true });
    expect(await seen(author)).toMatchObject({ content: "a rude comment", hidden: true });
    expect(await seen(mod)).toMatchObject({ content: "a rude comment", hidden: true });

    // The queue lists the three flags with the target's count; DISMISS lifts the hide for everyone.
    const q = await call(listFlags, "/api/admin/flags?status=open&pageSize=100", { token: mod.token });
    expect(q.status).toBe(200);
    const mine = (q.body as unknown[]).map((f) => adminFlagSchema.parse(f)).filter((f) => f.commentId === commentId);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      flagCount: 3,
      targetHidden: true,
      comment: { id: commentId, excerpt: "a rude comment", author: { id: author.id } },
      post: { id: postId },
    });
    const res = await call(resolve, `/api/admin/flags/${mine[0]!.id}/resolve`, {
      token: mod.token,
      params: { id: String(mine[0]!.id) },
      body: { action: "DISMISS" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ action: "DISMISS", resolved: 3 });
    expect(await seen()).toMatchObject({ content: "a rude comment", hidden: false });
    for (const m of members.slice(0, 3)) {
      const n = (await resolvedNotes(m.id)).filter((x) => x.commentId === commentId);
      expect(n).toHaveLength(1);
      expect(n[0]!.content).toContain("No action was needed");
    }
    const again = await call(resolve, `/api/admin/flags/${mine[1]!.id}/resolve`, {
      token: mod.token,
      params: { id: String(mine[1]!.id) },
      body: { action: "HIDE" },
    });
    expect(again.status).toBe(409);
    const done = await call(listFlags, "/api/admin/flags?status=resolved&pageSize=100", { token: mod.token });
    expect(
      (done.body as { commentId: number; action: string; resolvedBy: { id: number } }[]).filter(
        (f) => f.commentId === commentId && f.action === "DISMISS" && f.resolvedBy.id === mod.id,
      ),
    ).toHaveLength(3);
  });

  it("three flaggers take a post out of the lists (back to PENDING); HIDE rejects it, DELETE removes it", async () => {
    const postId = await newPost();
    for (const m of members.slice(0, 3)) expect((await flagAs(m, { postId, reason: "OFF_TOPIC" })).status).toBe(201);
    const [row] = await db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.status).toBe("PENDING");
    const list = await call(listPosts, "/api/posts?pageSize=100");
    expect((list.body as { id: number }[]).some((p) => p.id === postId)).toBe(false);
    expect((await call(postDetail, `/api/posts/${postId}`, { params: { id: String(postId) } })).status).toBe(404);

    const [f] = await db.select().from(flags).where(eq(flags.postId, postId));
    const hide = await call(resolve, `/api/admin/flags/${f!.id}/resolve`, {
      token: mod.token,
      params: { id: String(f!.id) },
      body: { action: "HIDE" },
    });
    expect(hide.body).toEqual({ action: "HIDE", resolved: 3 });
    expect((await db.select().from(posts).where(eq(posts.id, postId)))[0]!.status).toBe("REJECTED");

    const other = await newPost();
    const [f2] = (await flagAs(members[3]!, { postId: other, reason: "SPAM" })).body
      ? await db.select().from(flags).where(eq(flags.postId, other))
      : [];
    const del = await call(resolve, `/api/admin/flags/${f2!.id}/resolve`, {
      token: mod.token,
      params: { id: String(f2!.id) },
      body: { action: "DELETE" },
    });
    expect(del.body).toEqual({ action: "DELETE", resolved: 1 });
    expect(await db.select().from(posts).where(eq(posts.id, other))).toHaveLength(0);
    expect((await resolvedNotes(members[3]!.id)).some((n) => n.content?.includes("deleted"))).toBe(true);
  });

  it("CLOSE_POST closes the comment's post; members cannot list or resolve", async () => {
    const postId = await newPost();
    const commentId = await newComment(postId);
    const r = await flagAs(members[0]!, { commentId, reason: "OTHER", note: "flame war" });
    expect((await call(listFlags, "/api/admin/flags", { token: members[1]!.token })).status).toBe(403);
    expect(
      (
        await call(resolve, `/api/admin/flags/${r.body.id}/resolve`, {
          token: members[1]!.token,
          params: { id: String(r.body.id) },
          body: { action: "DISMISS" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(resolve, `/api/admin/flags/${r.body.id}/resolve`, {
          token: mod.token,
          params: { id: String(r.body.id) },
          body: { action: "NUKE" },
        })
      ).status,
    ).toBe(400);
    const c = await call(resolve, `/api/admin/flags/${r.body.id}/resolve`, {
      token: mod.token,
      params: { id: String(r.body.id) },
      body: { action: "CLOSE_POST" },
    });
    expect(c.body).toEqual({ action: "CLOSE_POST", resolved: 1 });
    expect((await db.select().from(posts).where(eq(posts.id, postId)))[0]!.closed).toBe(true);
  });
});
