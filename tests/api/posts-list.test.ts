import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db, dbStats } from "@/db";
import { posts, postTags, type PostStatus, type VisibleScope } from "@/db/schema";
import { GET as listFeatured } from "@/app/api/posts/featured/route";
import { GET as listLatestReply } from "@/app/api/posts/latest-reply/route";
import { GET as listRecent } from "@/app/api/posts/recent/route";
import { GET as list } from "@/app/api/posts/route";
import { errorSchema, postSchema } from "@/lib/validation/responses";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

const postList = z.array(postSchema);

type Seed = {
  author: TestUser;
  categoryId: number;
  tagIds?: number[];
  createdAt: Date;
  pinnedAt?: Date | null;
  lastReplyAt?: Date;
  status?: PostStatus;
  visibleScope?: VisibleScope;
  rssExcluded?: boolean;
  title?: string;
};

async function seedPost(s: Seed): Promise<number> {
  const [p] = await db
    .insert(posts)
    .values({
      title: s.title ?? "t",
      content: "body",
      authorId: s.author.id,
      categoryId: s.categoryId,
      createdAt: s.createdAt,
      lastReplyAt: s.lastReplyAt ?? s.createdAt,
      pinnedAt: s.pinnedAt ?? null,
      status: s.status ?? "PUBLISHED",
      visibleScope: s.visibleScope ?? "ALL",
      rssExcluded: s.rssExcluded ?? true,
    })
    .returning({ id: posts.id });
  if (s.tagIds?.length) await db.insert(postTags).values(s.tagIds.map((tagId) => ({ postId: p!.id, tagId })));
  return p!.id;
}

const ids = (body: { id: number }[]) => body.map((p) => p.id);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("GET /api/posts ordering, filters and paging", () => {
  let alice: TestUser;
  let catA: number, catB: number, catC: number;
  let t1: number, t2: number, t3: number;
  const P: Record<string, number> = {};
  const same = new Date("2026-03-01T10:00:00.000Z");

  beforeAll(async () => {
    alice = await makeUser();
    catA = (await makeCategory()).id;
    catB = (await makeCategory()).id;
    catC = (await makeCategory()).id;
    t1 = (await makeTag()).id;
    t2 = (await makeTag()).id;
    t3 = (await makeTag()).id;
    P.old = await seedPost({ author: alice, categoryId: catA, tagIds: [t1], createdAt: new Date("2026-01-01T00:00:00.000Z") });
    // Three posts with the same timestamp: ordered by id desc.
    P.s1 = await seedPost({ author: alice, categoryId: catA, tagIds: [t1, t2], createdAt: same });
    P.s2 = await seedPost({ author: alice, categoryId: catB, tagIds: [t2], createdAt: same });
    P.s3 = await seedPost({ author: alice, categoryId: catB, tagIds: [t1, t2, t3], createdAt: same });
    P.newest = await seedPost({ author: alice, categoryId: catC, tagIds: [t3], createdAt: new Date("2026-04-01T00:00:00.000Z") });
    P.pinOld = await seedPost({
      author: alice,
      categoryId: catA,
      tagIds: [t1],
      createdAt: new Date("2025-06-01T00:00:00.000Z"),
      pinnedAt: new Date("2026-02-01T00:00:00.000Z"),
    });
    P.pinNew = await seedPost({
      author: alice,
      categoryId: catC,
      tagIds: [t2],
      createdAt: new Date("2025-05-01T00:00:00.000Z"),
      pinnedAt: new Date("2026-02-02T00:00:00.000Z"),
    });
    // Not published: never listed.
    await seedPost({ author: alice, categoryId: catA, tagIds: [t1], createdAt: new Date(), status: "PENDING" });
    await seedPost({ author: alice, categoryId: catA, tagIds: [t1], createdAt: new Date(), status: "REJECTED" });
  });

  it("orders pinned first (pinnedAt desc), then createdAt desc, then id desc", async () => {
    const r = await call(list, "/api/posts");
    expect(r.status).toBe(200);
    postList.parse(r.body);
    expect(ids(r.body)).toEqual([P.pinNew, P.pinOld, P.newest, P.s3, P.s2, P.s1, P.old]);
  });

  it("returns complete Post objects", async () => {
    const r = await call(list, `/api/posts?tagId=${t3}`);
    const post = r.body.find((p: { id: number }) => p.id === P.s3);
    expect(post.tags.map((t: { id: number }) => t.id)).toEqual([t1, t2, t3]);
    expect(post.category.id).toBe(catB);
    expect(post.category.count).toBe(2);
    expect(post.participants.map((u: { id: number }) => u.id)).toEqual([alice.id]);
    expect(post.author.username).toBe(alice.username);
    expect(post.subscribed).toBe(false);
    expect(post.poll).toBeNull();
    expect(post.lottery).toBeNull();
    expect(post.reactions).toEqual([]);
  });

  it("combines categories with OR; a singular categoryId replaces the list", async () => {
    const repeated = await call(list, `/api/posts?categoryIds=${catB}&categoryIds=${catC}`);
    expect(ids(repeated.body)).toEqual([P.pinNew, P.newest, P.s3, P.s2]);
    const comma = await call(list, `/api/posts?categoryIds=${catB},${catC}`);
    expect(ids(comma.body)).toEqual(ids(repeated.body));
    const single = await call(list, `/api/posts?categoryIds=${catB},${catC}&categoryId=${catA}`);
    expect(ids(single.body)).toEqual([P.pinOld, P.s1, P.old]);
  });

  it("combines tags with AND; a singular tagId replaces the list; unknown tag gives []", async () => {
    const both = await call(list, `/api/posts?tagIds=${t1}&tagIds=${t2}`);
    expect(ids(both.body)).toEqual([P.s3, P.s1]);
    const three = await call(list, `/api/posts?tagIds=${t1},${t2},${t3}`);
    expect(ids(three.body)).toEqual([P.s3]);
    const single = await call(list, `/api/posts?tagIds=${t1},${t2}&tagId=${t3}`);
    expect(ids(single.body)).toEqual([P.newest, P.s3]);
    const unknown = await call(list, `/api/posts?tagIds=${t1},999999`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
    const unknownOnly = await call(list, `/api/posts?tagId=999999`);
    expect(unknownOnly.body).toEqual([]);
  });

  it("ANDs categories with tags", async () => {
    const r = await call(list, `/api/posts?categoryIds=${catA},${catB}&tagIds=${t2}`);
    expect(ids(r.body)).toEqual([P.s3, P.s2, P.s1]);
  });

  it("pages without overlap; a page past the end is []", async () => {
    const all: number[] = [];
    for (let page = 0; page < 4; page++) {
      const r = await call(list, `/api/posts?page=${page}&pageSize=2`);
      expect(r.status).toBe(200);
      all.push(...ids(r.body));
    }
    expect(all).toEqual([P.pinNew, P.pinOld, P.newest, P.s3, P.s2, P.s1, P.old]);
    const past = await call(list, "/api/posts?page=50&pageSize=20");
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
  });

  it("validates pageSize 1..100, page ≥ 0 and integer ids", async () => {
    expect((await call(list, "/api/posts?pageSize=1")).body).toHaveLength(1);
    expect((await call(list, "/api/posts?pageSize=100")).body).toHaveLength(7);
    for (const [q, field] of [
      ["pageSize=0", "pageSize"],
      ["pageSize=101", "pageSize"],
      ["pageSize=abc", "pageSize"],
      ["page=-1", "page"],
      ["categoryId=x", "categoryId"],
      ["tagIds=1,b", "tagIds.1"],
      ["categoryIds=1.5", "categoryIds.0"],
      ["tagId=-1", "tagId"],
    ] as const) {
      const r = await call(list, `/api/posts?${q}`);
      expect(r.status, q).toBe(400);
      errorSchema.parse(r.body);
      expect(r.body.code).toBe("validation_failed");
      expect(r.body.field, q).toBe(field);
    }
  });

  it("latest-reply orders pinned first then lastReplyAt desc; featured lists rssExcluded=false only", async () => {
    await db
      .update(posts)
      .set({ lastReplyAt: new Date("2026-05-01T00:00:00.000Z") })
      .where(eq(posts.id, P.old!));
    const lr = await call(listLatestReply, "/api/posts/latest-reply");
    expect(lr.status).toBe(200);
    postList.parse(lr.body);
    expect(ids(lr.body)).toEqual([P.pinNew, P.pinOld, P.old, P.newest, P.s3, P.s2, P.s1]);
    await db.update(posts).set({ rssExcluded: false }).where(eq(posts.id, P.s2!));
    const f = await call(listFeatured, `/api/posts/featured?categoryId=${catB}`);
    expect(ids(f.body)).toEqual([P.s2]);
    expect(f.body[0].featured).toBe(true);
  });

  it("runs the same number of queries for pageSize 5 and 50", async () => {
    const cat = (await makeCategory()).id;
    const tag = (await makeTag()).id;
    const commenter = await makeUser();
    const { comments, reactions } = await import("@/db/schema");
    for (let i = 0; i < 60; i++) {
      const id = await seedPost({ author: alice, categoryId: cat, tagIds: [tag], createdAt: minutesAgo(1000 + i) });
      await db.insert(comments).values({ postId: id, authorId: commenter.id, content: "hi" });
      await db.insert(reactions).values({ postId: id, userId: commenter.id, type: "LIKE" });
    }
    const count = async (size: number) => {
      const before = dbStats.queries;
      const r = await call(list, `/api/posts?categoryId=${cat}&pageSize=${size}`, { token: commenter.token });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(size);
      postList.parse(r.body);
      expect(r.body[0].participants.map((u: { id: number }) => u.id)).toEqual([alice.id, commenter.id]);
      expect(r.body[0].reactions).toHaveLength(1);
      return dbStats.queries - before;
    };
    await count(5); // warms up the token's lastUsedAt write
    const small = await count(5);
    const big = await count(50);
    expect(big).toBe(small);
    expect(small).toBeLessThanOrEqual(12);
  });
});

describe("GET /api/posts/recent", () => {
  let author: TestUser;
  let inside: number, edge: number, ancient: number;

  beforeAll(async () => {
    author = await makeUser();
    const cat = (await makeCategory()).id;
    inside = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(3) });
    edge = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(10) });
    ancient = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(60 * 24 * 400) });
    await seedPost({ author, categoryId: cat, createdAt: minutesAgo(1), status: "PENDING" });
  });

  it("returns posts created within the window, newest first", async () => {
    const r5 = await call(listRecent, "/api/posts/recent?minutes=5");
    expect(r5.status).toBe(200);
    postList.parse(r5.body);
    expect(ids(r5.body)).toEqual([inside]);
    expect(ids((await call(listRecent, "/api/posts/recent?minutes=9")).body)).toEqual([inside]);
    expect(ids((await call(listRecent, "/api/posts/recent?minutes=11")).body)).toEqual([inside, edge]);
    const year = ids((await call(listRecent, "/api/posts/recent?minutes=525600")).body);
    expect(year.filter((id) => [inside, edge, ancient].includes(id))).toEqual([inside, edge]);
    expect((await call(listRecent, "/api/posts/recent?minutes=1")).body).toEqual([]);
  });

  it("requires minutes in 1..525600", async () => {
    for (const q of ["", "?minutes=", "?minutes=0", "?minutes=-5", "?minutes=525601", "?minutes=abc", "?minutes=1.5"]) {
      const r = await call(listRecent, `/api/posts/recent${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.field, q).toBe("minutes");
      errorSchema.parse(r.body);
    }
  });
});

describe("visibility of ONLY_ME / ONLY_REGISTER posts in lists", () => {
  it("hides them from the wrong callers in list and recent", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const mod = await makeUser({ role: "MODERATOR" });
    const cat = (await makeCategory()).id;
    const pub = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(3) });
    const reg = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(2), visibleScope: "ONLY_REGISTER" });
    const me = await seedPost({ author, categoryId: cat, createdAt: minutesAgo(1), visibleScope: "ONLY_ME" });
    const cases: [string, string | undefined, number[]][] = [
      ["anonymous", undefined, [pub]],
      ["other user", other.token, [reg, pub]],
      ["author", author.token, [me, reg, pub]],
      ["moderator", mod.token, [me, reg, pub]],
    ];
    for (const [who, token, expected] of cases) {
      const l = await call(list, `/api/posts?categoryId=${cat}`, { token });
      expect(ids(l.body), who).toEqual(expected);
      const r = await call(listRecent, "/api/posts/recent?minutes=5", { token });
      expect(
        ids(r.body).filter((id) => [pub, reg, me].includes(id)),
        who,
      ).toEqual(expected);
    }
  });

  it("answers 401 for a bad token, even on a public list", async () => {
    const r = await call(list, "/api/posts", { token: "fp_nope" });
    expect(r.status).toBe(401);
  });
});
