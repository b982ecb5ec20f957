// Issue 58: a comment held for review (hidden with a system flag) is not in its post's public figures:
// comment count, participants, latest reply (and so the "latest reply" order). Let through, it is; and
// a member's comments hidden by a silence leave them too. Both databases (npm test runs both).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, posts } from "@/db/schema";
import { GET as detail } from "@/app/api/posts/[id]/route";
import { GET as latestReply } from "@/app/api/posts/latest-reply/route";
import { DELETE as deleteComment } from "@/app/api/comments/[id]/route";
import { POST as flag } from "@/app/api/flags/route";
import { call, comment, member, post, resolveCommentFlag, watch, type TestUser } from "./spam-helpers";
import { elapse } from "../time";

type Figures = { commentCount: number; lastReplyAt: string; createdAt: string; participants: { id: number }[] };

/** The post as a reader who cannot see held comments (anonymous, or another member) gets it. */
async function figures(postId: number, as?: TestUser): Promise<Figures> {
  const r = await call(detail, `/api/posts/${postId}`, { token: as?.token, params: { id: String(postId) } });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

async function latestReplyOrder(categoryId: number, ids: number[]): Promise<number[]> {
  const r = await call(latestReply, `/api/posts/latest-reply?categoryId=${categoryId}&pageSize=100`);
  expect(r.status, r.text).toBe(200);
  return (r.body as { id: number }[]).map((p) => p.id).filter((id) => ids.includes(id));
}

async function createdAt(commentId: number): Promise<string> {
  const [c] = await db.select({ at: comments.createdAt }).from(comments).where(eq(comments.id, commentId));
  return c!.at.toISOString();
}

describe("a held comment and its post's public figures", () => {
  it("is not counted, no participant and not the latest reply until approved; then it is, in the post and the latest-reply order", async () => {
    const author = await member(1);
    const regular = await member(1);
    const spammer = await member(0);
    const reader = await member(1);
    await watch("heldcasino", "REQUIRE_APPROVAL");
    const older = (await post(author, { title: "Older post" })).body;
    const newer = (await post(author, { title: "Newer post" })).body;
    const cat = older.category.id as number;

    const first = await comment(regular, older.id, "A real answer");
    expect(first.status).toBe(201);
    const firstAt = await createdAt(first.body.id);
    await comment(regular, newer.id, "And here");
    expect(await latestReplyOrder(cat, [older.id, newer.id])).toEqual([newer.id, older.id]);

    const held = await comment(spammer, older.id, "Try heldcasino today");
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("PENDING");
    for (const as of [undefined, reader]) {
      const f = await figures(older.id, as);
      expect(f.commentCount).toBe(1);
      expect(f.lastReplyAt).toBe(firstAt);
      expect(f.participants.map((u) => u.id)).toEqual([author.id, regular.id]);
    }
    // The held comment does not bump its post up the "latest reply" list either.
    expect(await latestReplyOrder(cat, [older.id, newer.id])).toEqual([newer.id, older.id]);

    await resolveCommentFlag(held.body.id);
    const f = await figures(older.id);
    expect(f.commentCount).toBe(2);
    expect(f.lastReplyAt).toBe(await createdAt(held.body.id));
    expect(f.participants.map((u) => u.id)).toEqual([author.id, regular.id, spammer.id]);
    expect(await latestReplyOrder(cat, [older.id, newer.id])).toEqual([older.id, newer.id]);
  });

  it("is not among a reader's new comments on the post's card; a visible one is", async () => {
    const author = await member(1);
    const regular = await member(1);
    const spammer = await member(0);
    const reader = await member(1);
    await watch("heldslots", "REQUIRE_APPROVAL");
    const p = (await post(author)).body;
    // Opening the post marks it read for the reader.
    await figures(p.id, reader);
    await elapse(20, "the comments below must be newer than the read: comments newer than it are new");
    expect((await comment(spammer, p.id, "Play heldslots")).body.status).toBe("PENDING");
    await comment(regular, p.id, "A real reply");
    const r = await call(latestReply, `/api/posts/latest-reply?categoryId=${p.category.id}&pageSize=100`, { token: reader.token });
    expect(r.status, r.text).toBe(200);
    expect((r.body as { id: number; newComments?: number }[]).find((x) => x.id === p.id)?.newComments).toBe(1);
  });

  it("a held comment deleted by its author takes nothing off the count; a visible one deleted does", async () => {
    const author = await member(1);
    const regular = await member(1);
    const spammer = await member(0);
    await watch("heldpills", "REQUIRE_APPROVAL");
    const p = (await post(author)).body;
    const visible = (await comment(regular, p.id, "Fine words")).body;
    const held = (await comment(spammer, p.id, "Buy heldpills")).body;
    expect(held.status).toBe("PENDING");
    expect((await figures(p.id)).commentCount).toBe(1);
    const del = (c: { id: number }, u: TestUser) =>
      call(deleteComment, `/api/comments/${c.id}`, { method: "DELETE", token: u.token, params: { id: String(c.id) } });
    expect((await del(held, spammer)).status).toBe(204);
    expect((await figures(p.id)).commentCount).toBe(1);
    expect((await del(visible, regular)).status).toBe(204);
    const f = await figures(p.id);
    expect(f.commentCount).toBe(0);
    expect(f.lastReplyAt).toBe(f.createdAt);
  });

  it("a member silenced by the automatic defence: their comments leave the counts, participants and latest replies of the posts they were on", async () => {
    const author = await member(1);
    const newcomer = await member(0);
    const p = (await post(author)).body;
    const before = await figures(p.id);
    await comment(newcomer, p.id, "Hello there");
    expect((await figures(p.id)).commentCount).toBe(1);
    expect((await figures(p.id)).participants.map((u) => u.id)).toEqual([author.id, newcomer.id]);
    // Three members flag the newcomer's own post as spam: silenced, their writing hidden pending review.
    const own = (await post(newcomer, { title: "Cheap offer" })).body;
    for (const u of [await member(1), await member(1), await member(1)]) {
      const r = await call(flag, "/api/flags", { token: u.token, body: { postId: own.id, reason: "SPAM" } });
      expect(r.status, r.text).toBe(201);
    }
    const f = await figures(p.id);
    expect(f.commentCount).toBe(0);
    expect(f.participants.map((u) => u.id)).toEqual([author.id]);
    expect(f.lastReplyAt).toBe(before.lastReplyAt);
    const [row] = await db.select({ n: posts.commentCount }).from(posts).where(eq(posts.id, p.id));
    expect(row!.n).toBe(0);
  });
});
