import { describe, expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { eq } from "drizzle-orm";
import { and } from "drizzle-orm";
import {
  comments,
  notifications,
  pollVotes,
  postReads,
  posts,
  postSubscriptions,
  postViews,
  userVisits,
  type VisibleScope,
} from "@/db/schema";
import { GET as pageState } from "@/app/api/users/me/page-state/route";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { touchVisit } from "@/lib/services/posts/reads";
import { errorSchema } from "@/lib/validation/responses";
import { pageStateSchema } from "@/lib/validation/users";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";
import { elapse } from "../time";
import { makePollPost } from "./economy-helpers";

// GET /api/users/me/page-state: what a members' shared page (served from the page cache to every
// member) fills in for the member in the browser: header, unread marks, their part of a post.

/** New and unread are told by timestamps (a visit's, a read's, a row's): the next step must get a later now(). */
const tick = () => elapse(15, "the next timestamp must be later than this step's");

async function makePost(author: TestUser, categoryId: number, visibleScope: VisibleScope = "ALL"): Promise<number> {
  const [p] = await db
    .insert(posts)
    .values({ title: "t", content: "c", authorId: author.id, categoryId, visibleScope })
    .returning({ id: posts.id });
  await tick();
  return p!.id;
}

const ask = (u: TestUser | null, ids: number[], visit = true) =>
  call(
    pageState,
    `/api/users/me/page-state?visit=${visit ? 1 : 0}${ids.map((i) => `&postIds=${i}`).join("")}`,
    u ? { token: u.token } : {},
  );

describe("GET /api/users/me/page-state", () => {
  it("gives the member's header and the unread marks of the posts they may see, and nothing of the others", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const cat = (await makeCategory()).id;
    const read = await makePost(bob, cat);
    await touchVisit(alice);
    await tick();
    // Alice opens `read`, then two comments by Bob arrive; `fresh` and Bob's private post come after her visit.
    expect((await call(getPost, `/api/posts/${read}`, { token: alice.token, params: { id: String(read) } })).status).toBe(200);
    await tick();
    await db.insert(comments).values([
      { postId: read, authorId: bob.id, content: "1" },
      { postId: read, authorId: bob.id, content: "2" },
    ]);
    const fresh = await makePost(bob, cat);
    const secret = await makePost(bob, cat, "ONLY_ME");
    await db.insert(notifications).values({ userId: alice.id, type: "COMMENT_REPLY", fromUserId: bob.id, postId: read });

    const r = await ask(alice, [read, fresh, secret], false);
    expect(r.status).toBe(200);
    const s = pageStateSchema.parse(r.body);
    expect(s.me).toMatchObject({ username: alice.username, point: expect.any(Number) });
    expect(s.unreadNotifications).toBe(1);
    expect(new Map(s.marks.map((m) => [m.postId, m]))).toEqual(
      new Map([
        [read, { postId: read, newComments: 2, isNew: false }],
        [fresh, { postId: fresh, newComments: 0, isNew: true }],
      ]),
    );
  });

  it("counts as the member's visit only with visit=1", async () => {
    const carol = await makeUser();
    const seen = async () => (await db.select().from(userVisits).where(eq(userVisits.userId, carol.id))).length;
    expect((await ask(carol, [], false)).status).toBe(200);
    expect(await seen()).toBe(0);
    expect((await ask(carol, [], true)).status).toBe(200);
    expect(await seen()).toBe(1);
  });

  it("needs a signed-in caller and refuses bad ids with the API error body", async () => {
    const anon = await ask(null, [1]);
    expect(anon.status).toBe(401);
    expect(errorSchema.parse(anon.body).code).toBe("unauthorized");
    const u = await makeUser();
    const bad = await call(pageState, "/api/users/me/page-state?postIds=abc", { token: u.token });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toMatch(/^postIds/);
    const many = await ask(
      u,
      Array.from({ length: 51 }, (_, i) => i + 1),
    );
    expect(many.status).toBe(400);
    const empty = await ask(u, []);
    expect(empty.status).toBe(200);
    expect(pageStateSchema.parse(empty.body).marks).toEqual([]);
  });

  it("gives the member's part of a shared post page, and with view=1 counts their view and marks the post read", async () => {
    const author = await makeUser();
    const dana = await makeUser();
    const poll = await makePollPost(author.id);
    await db.insert(postSubscriptions).values({ userId: dana.id, postId: poll.id });
    await db.insert(pollVotes).values({ postId: poll.id, userId: dana.id, option: "green" });
    // Dana read the post before; then a comment by the author and one by herself arrive.
    await db.insert(postReads).values({ userId: dana.id, postId: poll.id, lastReadAt: new Date(Date.now() - 60_000) });
    const [byAuthor] = await db.insert(comments).values({ postId: poll.id, authorId: author.id, content: "news" }).returning();
    await db.insert(comments).values({ postId: poll.id, authorId: dana.id, content: "mine" });
    const views = () => db.select().from(postViews).where(eq(postViews.postId, poll.id));
    const viewedNote = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, author.id), eq(notifications.type, "POST_VIEWED"), eq(notifications.fromUserId, dana.id)));
    const postPart = async (view: boolean) => {
      const r = await call(pageState, `/api/users/me/page-state?postId=${poll.id}&view=${view ? 1 : 0}`, { token: dana.token });
      expect(r.status).toBe(200);
      const s = pageStateSchema.parse(r.body);
      expect(s.me).toMatchObject({ id: dana.id, username: dana.username });
      expect(s.marks).toEqual([]);
      return s.post;
    };

    // Without view=1 nothing is written: no view, no read mark.
    expect(await postPart(false)).toEqual({ id: poll.id, subscribed: true, myVotes: ["green"], firstUnreadCommentId: byAuthor!.id });
    expect(await views()).toEqual([]);
    expect(await postPart(false)).toMatchObject({ firstUnreadCommentId: byAuthor!.id });

    // view=1: the view counts under the member (one POST_VIEWED to the author), the post is read.
    expect(await postPart(true)).toEqual({ id: poll.id, subscribed: true, myVotes: ["green"], firstUnreadCommentId: byAuthor!.id });
    expect((await views()).map((v) => v.viewerKey)).toEqual([`u:${dana.id}`]);
    expect(await viewedNote()).toHaveLength(1);
    expect(await postPart(true)).toMatchObject({ firstUnreadCommentId: null });
    expect(await views()).toHaveLength(1);
    expect(await viewedNote()).toHaveLength(1);
  });

  it("view=1 with upTo: read up to the newest comment the shared page showed; one posted meanwhile stays new", async () => {
    const author = await makeUser();
    const dana = await makeUser();
    const cat = await makeCategory();
    const p = await makePost(author, cat.id);
    const [shown] = await db.insert(comments).values({ postId: p, authorId: author.id, content: "on the page" }).returning();
    await tick();
    // Posted after the shared document was rendered, before dana's browser asked for her part.
    const [later] = await db.insert(comments).values({ postId: p, authorId: author.id, content: "meanwhile" }).returning();
    const r = await call(pageState, `/api/users/me/page-state?postId=${p}&view=1&upTo=${shown!.id}`, { token: dana.token });
    expect(r.status).toBe(200);
    const marks = await ask(dana, [p], false);
    expect(pageStateSchema.parse(marks.body).marks).toEqual([expect.objectContaining({ postId: p, newComments: 1 })]);
    // The next page (showing both) reads it all; a page that showed nothing (upTo=0) does not move it back.
    await call(pageState, `/api/users/me/page-state?postId=${p}&view=1&upTo=${later!.id}`, { token: dana.token });
    await call(pageState, `/api/users/me/page-state?postId=${p}&view=1&upTo=0`, { token: dana.token });
    expect(pageStateSchema.parse((await ask(dana, [p], false)).body).marks).toEqual([]);
    const bad = await call(pageState, `/api/users/me/page-state?postId=${p}&view=1&upTo=-3`, { token: dana.token });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toBe("upTo");
  });

  it("answers in a constant number of statements, whatever the number of listed posts", async () => {
    const author = await makeUser();
    const fay = await makeUser();
    const cat = (await makeCategory()).id;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await makePost(author, cat, i % 5 === 0 ? "ONLY_ME" : "ALL"));
    const statements = async (path: string) => {
      const before = dbStats.queries;
      expect((await call(pageState, path, { token: fay.token })).status).toBe(200);
      return dbStats.queries - before;
    };
    const list = (n: number) =>
      `/api/users/me/page-state?visit=1${ids
        .slice(0, n)
        .map((i) => `&postIds=${i}`)
        .join("")}`;
    await statements(list(1)); // the token's first use and the visit are written once
    const one = await statements(list(1));
    // The token, the visit, and one read for the header, the unread count and the marks together.
    expect(one).toBeLessThanOrEqual(3);
    expect(await statements(list(20))).toBe(one);
    // A post page seen again within the view window: the post's access row, the categories hidden from
    // the reader (lib/permissions/category-access.ts), the view (one statement), the read mark, instead of the visit.
    await statements(`/api/users/me/page-state?postId=${ids[1]}&view=1`);
    expect(await statements(`/api/users/me/page-state?postId=${ids[1]}&view=1`)).toBeLessThanOrEqual(one + 3);
  });

  it("says nothing of a post the member may not see, and counts no view of it", async () => {
    const author = await makeUser();
    const erin = await makeUser();
    const secret = await makePost(author, (await makeCategory()).id, "ONLY_ME");
    await db.insert(postSubscriptions).values({ userId: erin.id, postId: secret });
    const r = await call(pageState, `/api/users/me/page-state?postId=${secret}&view=1`, { token: erin.token });
    expect(r.status).toBe(200);
    expect(pageStateSchema.parse(r.body).post).toBeNull();
    expect(await db.select().from(postViews).where(eq(postViews.postId, secret))).toEqual([]);
    expect(await db.select().from(postReads).where(eq(postReads.postId, secret))).toEqual([]);
    const missing = await call(pageState, "/api/users/me/page-state?postId=2147483600&view=1", { token: erin.token });
    expect(pageStateSchema.parse(missing.body).post).toBeNull();
    const bad = await call(pageState, "/api/users/me/page-state?postId=0", { token: erin.token });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(bad.body).field).toBe("postId");
    const badView = await call(pageState, `/api/users/me/page-state?postId=${secret}&view=yes`, { token: erin.token });
    expect(badView.status).toBe(400);
    expect(errorSchema.parse(badView.body).field).toBe("view");
  });
});
