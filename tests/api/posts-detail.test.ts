import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { comments, notifications, posts, postTags, postViews, type VisibleScope } from "@/db/schema";
import { GET as detail } from "@/app/api/posts/[id]/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { postDetailSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

let catId: number, tagId: number;

beforeAll(async () => {
  catId = (await makeCategory()).id;
  tagId = (await makeTag()).id;
});

async function seedPost(author: TestUser, visibleScope: VisibleScope = "ALL") {
  const [p] = await db.insert(posts).values({ title: "T", content: "C", authorId: author.id, categoryId: catId, visibleScope }).returning();
  await db.insert(postTags).values({ postId: p!.id, tagId });
  return p!.id;
}

const get = (id: number | string, o: { token?: string; headers?: Record<string, string> } = {}) =>
  call(detail, `/api/posts/${id}`, { ...o, params: { id: String(id) } });

async function viewedNotes(authorId: number, postId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, authorId), eq(notifications.postId, postId), eq(notifications.type, "POST_VIEWED")));
}

describe("GET /api/posts/{id}", () => {
  it("returns a PostDetail with comments and participants (author first, then commenters by first comment, max 5)", async () => {
    const author = await makeUser();
    const id = await seedPost(author);
    const people = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => makeUser()));
    const [u1, u2, u3, u4, u5] = people;
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    const at = (m: number) => new Date(base + m * 60_000);
    // u2 comments first, then u1; u3's only comment is deleted and u6's only one hidden (held for review);
    // the author's own comment does not count twice.
    await db.insert(comments).values([
      { postId: id, authorId: u2!.id, content: "a", createdAt: at(1) },
      { postId: id, authorId: author.id, content: "b", createdAt: at(2) },
      { postId: id, authorId: u1!.id, content: "c", createdAt: at(3) },
      { postId: id, authorId: u2!.id, content: "d", createdAt: at(4) },
      { postId: id, authorId: u3!.id, content: "e", createdAt: at(5), deletedAt: at(6) },
      { postId: id, authorId: people[5]!.id, content: "held", createdAt: at(6), hiddenAt: at(6) },
      { postId: id, authorId: u4!.id, content: "f", createdAt: at(7) },
      { postId: id, authorId: u5!.id, content: "g", createdAt: at(8) },
      { postId: id, authorId: people[6]!.id, content: "h", createdAt: at(9) },
    ]);
    const r = await get(id);
    expect(r.status).toBe(200);
    postDetailSchema.parse(r.body);
    expect(r.body.participants.map((u: { id: number }) => u.id)).toEqual([author.id, u2!.id, u1!.id, u4!.id, u5!.id]);
    expect(Array.isArray(r.body.comments)).toBe(true);
    expect(r.body.id).toBe(id);
  });

  it("counts a view once per viewer per 30 minutes and keeps one POST_VIEWED per viewer", async () => {
    const author = await makeUser();
    const viewer = await makeUser();
    const id = await seedPost(author);
    expect((await get(id, { token: viewer.token })).body.views).toBe(1);
    expect((await get(id, { token: viewer.token })).body.views).toBe(1);
    expect((await get(id, { token: author.token })).body.views).toBe(2);
    expect((await get(id, { headers: { "user-agent": "A", ...peerHeaders("1.2.3.4") } })).body.views).toBe(3);
    expect((await get(id, { headers: { "user-agent": "A", ...peerHeaders("1.2.3.4") } })).body.views).toBe(3);
    // A new User-Agent is not a new viewer; another address is.
    expect((await get(id, { headers: { "user-agent": "B", ...peerHeaders("1.2.3.4") } })).body.views).toBe(3);
    expect((await get(id, { headers: { "user-agent": "B", ...peerHeaders("1.2.3.5") } })).body.views).toBe(4);

    const notes = await viewedNotes(author.id, id);
    expect(notes.map((n) => n.fromUserId)).toEqual([viewer.id]);

    // Half an hour later the same viewer counts again, and the old POST_VIEWED is replaced.
    await db
      .update(postViews)
      .set({ viewedAt: sql`now() - interval '31 minutes'` })
      .where(eq(postViews.postId, id));
    expect((await get(id, { token: viewer.token })).body.views).toBe(5);
    // So does an anonymous address (counted in one statement, without a notification).
    expect((await get(id, { headers: { "user-agent": "A", ...peerHeaders("1.2.3.4") } })).body.views).toBe(6);
    expect((await get(id, { headers: { "user-agent": "A", ...peerHeaders("1.2.3.4") } })).body.views).toBe(6);
    const again = await viewedNotes(author.id, id);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(notes[0]!.id);
  });

  it("answers 404 for unknown or hidden posts and 400 for a non-integer id", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const mod = await makeUser({ role: "MODERATOR" });
    expect((await get("abc")).status).toBe(400);
    expect((await get(999999)).status).toBe(404);
    const me = await seedPost(author, "ONLY_ME");
    const reg = await seedPost(author, "ONLY_REGISTER");
    expect((await get(me)).status).toBe(404);
    expect((await get(me, { token: other.token })).status).toBe(404);
    expect((await get(me, { token: author.token })).status).toBe(200);
    expect((await get(me, { token: mod.token })).status).toBe(200);
    expect((await get(reg)).status).toBe(404);
    expect((await get(reg, { token: other.token })).status).toBe(200);
    const [row] = await db.select({ views: posts.views }).from(posts).where(eq(posts.id, me));
    expect(row!.views).toBe(2);
  });
});
