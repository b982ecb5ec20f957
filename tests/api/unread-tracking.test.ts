import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { comments, postReads, posts, userVisits, type VisibleScope } from "@/db/schema";
import { GET as getPost } from "@/app/api/posts/[id]/route";
import { POST as readPost } from "@/app/api/posts/[id]/read/route";
import { POST as readAll } from "@/app/api/posts/read-all/route";
import { GET as listPosts } from "@/app/api/posts/route";
import { touchVisit } from "@/lib/services/posts/reads";
import { postDetailSchema, postSchema } from "@/lib/validation/responses";
import { asViewer, call, makeCategory, makeUser, type TestUser } from "../helpers";
import { elapse } from "../time";

/** New and unread are told by timestamps (a visit's, a read's, a row's): the next step must get a later now(). */
const tick = () => elapse(15, "the next timestamp must be later than this step's");

describe("unread tracking", () => {
  let alice: TestUser, bob: TestUser;
  let cat: number;

  async function makePost(author: TestUser, visibleScope: VisibleScope = "ALL"): Promise<number> {
    const [p] = await db
      .insert(posts)
      .values({ title: "t", content: "c", authorId: author.id, categoryId: cat, visibleScope })
      .returning({ id: posts.id });
    await tick();
    return p!.id;
  }
  async function comment(postId: number, author: TestUser): Promise<number> {
    const [c] = await db.insert(comments).values({ postId, authorId: author.id, content: "reply" }).returning({ id: comments.id });
    await tick();
    return c!.id;
  }
  async function list(user: TestUser | null) {
    const r = await call(listPosts, `/api/posts?categoryId=${cat}&pageSize=50`, user ? { token: user.token } : {});
    expect(r.status).toBe(200);
    return new Map((r.body as unknown[]).map((p) => postSchema.parse(p)).map((p) => [p.id, p]));
  }
  async function open(user: TestUser, id: number) {
    const r = await call(getPost, `/api/posts/${id}`, { token: user.token, params: { id: String(id) } });
    expect(r.status).toBe(200);
    return postDetailSchema.parse(r.body);
  }

  beforeAll(async () => {
    alice = await makeUser();
    bob = await makeUser();
    cat = (await makeCategory()).id;
  });

  it("marks posts created since the previous visit as new until opened", async () => {
    const old = await makePost(bob);
    await touchVisit(alice); // first visit: nothing before it is new
    await tick();
    const fresh = await makePost(bob);
    const mine = await makePost(alice);
    let l = await list(alice);
    expect(l.get(old)).toMatchObject({ isNew: false, newComments: 0 });
    expect(l.get(fresh)).toMatchObject({ isNew: true, newComments: 0 });
    expect(l.get(mine)).toMatchObject({ isNew: false });
    const d = await open(alice, fresh);
    expect(d.firstUnreadCommentId).toBeNull();
    l = await list(alice);
    expect(l.get(fresh)!.isNew).toBe(false);
    // Anonymous callers get no per-member fields.
    const anon = await list(null);
    expect(anon.get(fresh)!.isNew).toBeUndefined();
    expect(anon.get(fresh)!.newComments).toBeUndefined();
  });

  it("counts comments by others since the last read and jumps to the first unread one", async () => {
    const p = await makePost(bob);
    await comment(p, bob);
    const first = await open(alice, p);
    expect(first.firstUnreadCommentId).toBeNull(); // first visit: nothing to jump to
    const c1 = await comment(p, bob);
    await comment(p, alice); // one's own comments are read
    await comment(p, bob);
    const deleted = await comment(p, bob);
    await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, deleted));
    expect((await list(alice)).get(p)!.newComments).toBe(2);
    expect((await list(bob)).get(p)!.newComments).toBe(0); // bob never opened it: nothing to count
    const again = await open(alice, p);
    expect(again.firstUnreadCommentId).toBe(c1);
    expect(again.newComments).toBe(0);
    expect((await list(alice)).get(p)!.newComments).toBe(0);
    const [row] = await db
      .select()
      .from(postReads)
      .where(sql`${postReads.userId} = ${alice.id} and ${postReads.postId} = ${p}`);
    expect(row!.lastCommentId).toBe(deleted);
  });

  it("marks everything read with POST /api/posts/read-all", async () => {
    const p = await makePost(bob);
    await open(alice, p);
    await comment(p, bob);
    await db
      .update(userVisits)
      .set({ previousVisitAt: new Date(Date.now() - 3_600_000) })
      .where(eq(userVisits.userId, alice.id));
    const q = await makePost(bob);
    let l = await list(alice);
    expect(l.get(p)!.newComments).toBe(1);
    expect(l.get(q)!.isNew).toBe(true);
    const r = await call(readAll, "/api/posts/read-all", { token: alice.token, method: "POST" });
    expect(r.status).toBe(200);
    expect(typeof r.body.allReadAt).toBe("string");
    await tick();
    l = await list(alice);
    expect(l.get(p)!.newComments).toBe(0);
    expect(l.get(q)!.isNew).toBe(false);
    expect([...l.values()].filter((x) => x.isNew || x.newComments)).toEqual([]);
    // Comments after "mark all read" count again.
    await comment(p, bob);
    expect((await list(alice)).get(p)!.newComments).toBe(1);
    expect((await call(readAll, "/api/posts/read-all", { method: "POST" })).status).toBe(401);
  });

  it("starts a new visit after 30 minutes away", async () => {
    const carol = await makeUser();
    await touchVisit(carol);
    const away = new Date(Date.now() - 2 * 3_600_000);
    await db
      .update(userVisits)
      .set({ lastSeenAt: away, previousVisitAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(userVisits.userId, carol.id));
    await touchVisit(carol);
    const [v] = await db.select().from(userVisits).where(eq(userVisits.userId, carol.id));
    expect(v!.previousVisitAt!.getTime()).toBe(away.getTime());
    expect(v!.lastSeenAt.getTime()).toBeGreaterThan(away.getTime());
  });

  it("marks a post read with POST /api/posts/{id}/read, 404 for a post the caller may not see", async () => {
    const p = await makePost(bob);
    await open(alice, p);
    await comment(p, bob);
    expect((await list(alice)).get(p)!.newComments).toBe(1);
    const r = await call(readPost, `/api/posts/${p}/read`, { token: alice.token, method: "POST", params: { id: String(p) } });
    expect(r.status).toBe(200);
    expect((await list(alice)).get(p)!.newComments).toBe(0);
    const secret = await makePost(bob, "ONLY_ME");
    const hidden = await call(readPost, `/api/posts/${secret}/read`, {
      token: alice.token,
      method: "POST",
      params: { id: String(secret) },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe("not_found");
  });

  it("POST /api/posts/{id}/read {upTo}: read up to the newest comment the page showed; one posted meanwhile stays new", async () => {
    const p = await makePost(bob);
    const first = await comment(p, bob);
    // alice's page showed `first`; bob's second comment lands before her browser marks the post read.
    await comment(p, bob);
    const read = (upTo: unknown) =>
      call(readPost, `/api/posts/${p}/read`, { token: alice.token, method: "POST", params: { id: String(p) }, body: { upTo } });
    expect((await read(first)).status).toBe(200);
    expect((await list(alice)).get(p)!.newComments).toBe(1);
    const [row] = await db.select().from(postReads).where(eq(postReads.postId, p));
    expect(row!.lastCommentId).toBe(first);
    // A page that showed no comments (upTo 0): both stay new.
    const q = await makePost(bob);
    await comment(q, bob);
    await comment(q, bob);
    expect(
      (await call(readPost, `/api/posts/${q}/read`, { token: alice.token, method: "POST", params: { id: String(q) }, body: { upTo: 0 } }))
        .status,
    ).toBe(200);
    expect((await list(alice)).get(q)!.newComments).toBe(2);
    // Without upTo: everything, now. An older page's call afterwards does not move the read back.
    expect((await call(readPost, `/api/posts/${p}/read`, { token: alice.token, method: "POST", params: { id: String(p) } })).status).toBe(
      200,
    );
    expect((await list(alice)).get(p)!.newComments).toBe(0);
    expect((await read(first)).status).toBe(200);
    expect((await list(alice)).get(p)!.newComments).toBe(0);
    // Not a comment id: 400 naming the field.
    for (const bad of [-1, 1.5, "7"]) {
      const r = await read(bad);
      expect(r.status).toBe(400);
      expect(r.body.field).toBe("upTo");
    }
  });

  it("GET /api/posts/{id} for a page rendered in the browser (not marked read) says the newest comment it holds", async () => {
    const p = await makePost(bob);
    const c = await comment(p, bob);
    const { getPostDetail } = await import("@/lib/services/posts/detail");
    const d = await getPostDetail(asViewer(alice), { id: p, markRead: false });
    expect(d.readUpTo).toBe(c);
    // Nothing was marked read by the render itself.
    expect(await db.select().from(postReads).where(eq(postReads.postId, p))).toEqual([]);
  });

  it("reads the unread state of a whole page in a constant number of queries", async () => {
    const other = await makeCategory();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [p] = await db
        .insert(posts)
        .values({ title: `q${i}`, content: "c", authorId: bob.id, categoryId: other.id })
        .returning({ id: posts.id });
      ids.push(p!.id);
      await db.insert(comments).values({ postId: p!.id, authorId: bob.id, content: "x" });
      await db.insert(postReads).values({ userId: alice.id, postId: p!.id, lastReadAt: new Date(Date.now() - 60_000) });
    }
    const count = async (pageSize: number) => {
      const before = dbStats.queries;
      const r = await call(listPosts, `/api/posts?categoryId=${other.id}&pageSize=${pageSize}`, { token: alice.token });
      expect(r.body.every((p: { newComments: number }) => p.newComments === 1)).toBe(true);
      return dbStats.queries - before;
    };
    expect(await count(6)).toBe(await count(1));
  });
});
