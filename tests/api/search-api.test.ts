import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db";
import { comments, posts, postTags, type PostStatus, type VisibleScope } from "@/db/schema";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { GET as searchContent } from "@/app/api/search/posts/content/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { GET as searchTitle } from "@/app/api/search/posts/title/route";
import { GET as searchUsers } from "@/app/api/search/users/route";
import { errorSchema } from "@/lib/validation/responses";
import { searchPostSchema, searchResultSchema, searchUserSchema } from "@/lib/validation/search";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

type Seed = {
  author: TestUser;
  title: string;
  content?: string;
  categoryId: number;
  tagIds?: number[];
  createdAt?: Date;
  status?: PostStatus;
  visibleScope?: VisibleScope;
};

async function seedPost(s: Seed): Promise<number> {
  const [p] = await db
    .insert(posts)
    .values({
      title: s.title,
      content: s.content ?? "nothing to see",
      authorId: s.author.id,
      categoryId: s.categoryId,
      createdAt: s.createdAt ?? new Date(),
      status: s.status ?? "PUBLISHED",
      visibleScope: s.visibleScope ?? "ALL",
    })
    .returning({ id: posts.id });
  if (s.tagIds?.length) await db.insert(postTags).values(s.tagIds.map((tagId) => ({ postId: p!.id, tagId })));
  return p!.id;
}

const q = encodeURIComponent;
const ids = (body: { id: number }[]) => body.map((p) => p.id);
const postPage = z.array(searchPostSchema);

describe("search API", () => {
  let alice: TestUser, bob: TestUser, admin: TestUser;
  let cat: number, cat2: number, tagA: number, tagB: number;
  const P: Record<string, number> = {};

  beforeAll(async () => {
    alice = await makeUser({ username: "alice_searcher" });
    bob = await makeUser({ username: "bob_writer" });
    admin = await makeUser({ role: "ADMIN" });
    cat = (await makeCategory("Databases")).id;
    cat2 = (await makeCategory("Gardening")).id;
    tagA = (await makeTag("replication-tag")).id;
    tagB = (await makeTag("tomatoes")).id;
    P.titleHit = await seedPost({
      author: bob,
      title: "Postgres replication explained",
      content: "Streaming WAL to standbys.",
      categoryId: cat,
      tagIds: [tagA],
      createdAt: new Date("2026-01-05T00:00:00Z"),
    });
    P.contentHit = await seedPost({
      author: alice,
      title: "Weekend notes",
      content: "We talked about replication of tomatoes seeds and more.",
      categoryId: cat2,
      tagIds: [tagB],
      createdAt: new Date("2026-02-05T00:00:00Z"),
    });
    P.cjk = await seedPost({
      author: bob,
      title: "分布式数据库的设计",
      content: "关于一致性与分区容忍的讨论",
      categoryId: cat,
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    P.xss = await seedPost({
      author: bob,
      title: "Escaping <script>alert(1)</script> zebrafish",
      content: "zebrafish **bold** [link](http://x.test)",
      categoryId: cat,
    });
    P.onlyMe = await seedPost({
      author: bob,
      title: "Secret replication diary",
      content: "only for me",
      categoryId: cat,
      visibleScope: "ONLY_ME",
    });
    P.onlyReg = await seedPost({
      author: bob,
      title: "Members replication guide",
      content: "signed in only",
      categoryId: cat,
      visibleScope: "ONLY_REGISTER",
    });
    P.pending = await seedPost({
      author: bob,
      title: "Pending replication draft",
      content: "awaiting review",
      categoryId: cat,
      status: "PENDING",
    });
    P.deleted = await seedPost({ author: bob, title: "Deleted replication post", content: "gone", categoryId: cat });
    await db.delete(posts).where(eq(posts.id, P.deleted));
    await db.insert(comments).values([
      { postId: P.titleHit, authorId: alice.id, content: "A comment mentioning quorum commit" },
      { postId: P.onlyMe, authorId: bob.id, content: "A hidden comment mentioning quorum commit" },
      { postId: P.titleHit, authorId: alice.id, content: "A deleted quorum remark", deletedAt: new Date() },
    ]);
  });

  it("ranks a title match above a content match and highlights both", async () => {
    const r = await call(searchPosts, `/api/search/posts?keyword=replication`, { token: alice.token });
    expect(r.status).toBe(200);
    const page = postPage.parse(r.body);
    // Title matches (weight A) first, the content match (B) last.
    expect(ids(page)).toHaveLength(3);
    expect(ids(page).at(-1)).toBe(P.contentHit);
    expect(new Set(ids(page).slice(0, 2))).toEqual(new Set([P.onlyReg, P.titleHit]));
    expect(page.find((p) => p.id === P.titleHit)!.highlightedTitle).toBe("Postgres <mark>replication</mark> explained");
    const content = page.find((p) => p.id === P.contentHit)!;
    expect(content.highlightedContent).toContain("<mark>replication</mark>");
  });

  it("matches the last word as a prefix", async () => {
    const r = await call(searchPosts, `/api/search/posts?keyword=${q("postgres repl")}`);
    expect(ids(r.body)).toEqual([P.titleHit]);
    expect(r.body[0].highlightedTitle).toBe("<mark>Postgres</mark> <mark>replication</mark> explained");
  });

  it("finds CJK text by a substring, at the start and in the middle", async () => {
    for (const kw of ["分布式", "数据库", "一致性"]) {
      const r = await call(searchPosts, `/api/search/posts?keyword=${q(kw)}`);
      expect(r.status, kw).toBe(200);
      expect(ids(r.body), kw).toEqual([P.cjk]);
    }
    const r = await call(searchPosts, `/api/search/posts?keyword=${q("数据库")}`);
    expect(r.body[0].highlightedTitle).toBe("分布式<mark>数据库</mark>的设计");
  });

  it("still finds a post with a small typo", async () => {
    const r = await call(searchPosts, `/api/search/posts?keyword=replicaton`);
    expect(r.status).toBe(200);
    expect(ids(r.body)).toContain(P.titleHit);
    const t = await call(searchTitle, `/api/search/posts/title?keyword=${q("zebrafsh")}`);
    expect(ids(t.body)).toEqual([P.xss]);
  });

  it("escapes HTML in highlights and strips markdown from snippets", async () => {
    const r = await call(searchPosts, `/api/search/posts?keyword=zebrafish`);
    const hit = postPage.parse(r.body)[0]!;
    expect(hit.highlightedTitle).toBe("Escaping &lt;script&gt;alert(1)&lt;/script&gt; <mark>zebrafish</mark>");
    expect(hit.highlightedContent).toBe("<mark>zebrafish</mark> bold link");
  });

  it("enforces the list visibility rules (ONLY_ME, ONLY_REGISTER, pending, deleted)", async () => {
    const anon = ids((await call(searchPosts, `/api/search/posts?keyword=replication`)).body);
    expect(anon).not.toContain(P.onlyMe);
    expect(anon).not.toContain(P.onlyReg);
    expect(anon).not.toContain(P.pending);
    expect(anon).not.toContain(P.deleted);

    const member = ids((await call(searchPosts, `/api/search/posts?keyword=replication`, { token: alice.token })).body);
    expect(member).toContain(P.onlyReg);
    expect(member).not.toContain(P.onlyMe);
    expect(member).not.toContain(P.pending);

    const author = ids((await call(searchPosts, `/api/search/posts?keyword=replication`, { token: bob.token })).body);
    expect(author).toContain(P.onlyMe);
    expect(author).not.toContain(P.pending); // lists show published posts only, to everyone

    const staff = ids((await call(searchPosts, `/api/search/posts?keyword=replication`, { token: admin.token })).body);
    expect(staff).toContain(P.onlyMe);

    // The same rules on the other endpoints: titles, global hits and comments of hidden posts.
    expect(ids((await call(searchTitle, `/api/search/posts/title?keyword=secret`, { token: alice.token })).body)).toEqual([]);
    expect(ids((await call(searchTitle, `/api/search/posts/title?keyword=secret`, { token: bob.token })).body)).toEqual([P.onlyMe]);
    const g = await call(searchGlobal, `/api/search/global?keyword=quorum`, { token: alice.token });
    const commentHits = g.body.filter((h: { type: string }) => h.type === "comment");
    expect(commentHits.map((h: { postId: number }) => h.postId)).toEqual([P.titleHit]);
    const g2 = await call(searchGlobal, `/api/search/global?keyword=secret`, { token: alice.token });
    expect(g2.body.filter((h: { postId: number | null }) => h.postId === P.onlyMe)).toEqual([]);
  });

  it("searches titles only and contents only", async () => {
    expect(ids((await call(searchTitle, `/api/search/posts/title?keyword=replication`)).body)).toEqual([P.titleHit]);
    expect(ids((await call(searchContent, `/api/search/posts/content?keyword=replication`)).body)).toEqual([P.contentHit]);
  });

  it("filters by category, tags, author and dates, sorts by newest and pages", async () => {
    const base = `/api/search/posts?keyword=replication`;
    expect(ids((await call(searchPosts, `${base}&categoryId=${cat2}`)).body)).toEqual([P.contentHit]);
    expect(ids((await call(searchPosts, `${base}&tagIds=${tagA}`)).body)).toEqual([P.titleHit]);
    expect(ids((await call(searchPosts, `${base}&tagIds=${tagA},${tagB}`)).body)).toEqual([]);
    expect(ids((await call(searchPosts, `${base}&author=ALICE_searcher`)).body)).toEqual([P.contentHit]);
    expect(ids((await call(searchPosts, `${base}&from=2026-02-01&to=2026-02-28`)).body)).toEqual([P.contentHit]);
    expect(ids((await call(searchPosts, `${base}&sort=newest`)).body)).toEqual([P.contentHit, P.titleHit]);
    expect(ids((await call(searchPosts, `${base}&pageSize=1&page=0`)).body)).toEqual([P.titleHit]);
    expect(ids((await call(searchPosts, `${base}&pageSize=1&page=1`)).body)).toEqual([P.contentHit]);
    expect(ids((await call(searchPosts, `${base}&pageSize=1&page=2`)).body)).toEqual([]);
  });

  it("returns typed global hits with highlights", async () => {
    const r = await call(searchGlobal, `/api/search/global?keyword=replication`, { token: alice.token });
    expect(r.status).toBe(200);
    const hits = z.array(searchResultSchema).parse(r.body);
    const types = new Set(hits.map((h) => h.type));
    expect(types).toEqual(new Set(["post", "tag"]));
    const post = hits.find((h) => h.type === "post" && h.id === P.titleHit)!;
    expect(post).toMatchObject({ postId: P.titleHit, text: "Postgres replication explained" });
    expect(post.highlightedText).toContain("<mark>replication</mark>");
    const cats = (await call(searchGlobal, `/api/search/global?keyword=garden`)).body;
    expect(cats).toContainEqual(expect.objectContaining({ type: "category", id: cat2, highlightedText: "<mark>Gardening</mark>" }));
    const users = (await call(searchGlobal, `/api/search/global?keyword=bob_wr`)).body;
    expect(users).toContainEqual(expect.objectContaining({ type: "user", id: bob.id, text: "bob_writer" }));
  });

  it("finds CJK text in posts and comments from the global search, and answers punctuation with nothing", async () => {
    await db.insert(comments).values({ postId: P.titleHit!, authorId: alice.id, content: "我们用分布式数据库做复制" });
    const g = await call(searchGlobal, `/api/search/global?keyword=${q("数据库")}`);
    expect(g.status).toBe(200);
    const hits = z.array(searchResultSchema).parse(g.body);
    expect(hits).toContainEqual(expect.objectContaining({ type: "post", id: P.cjk, highlightedText: "分布式<mark>数据库</mark>的设计" }));
    expect(hits).toContainEqual(
      expect.objectContaining({ type: "comment", postId: P.titleHit, highlightedText: "我们用分布式<mark>数据库</mark>做复制" }),
    );
    // No letters or digits to match: an empty answer, not an error or a scan of every text.
    for (const kw of ["!!!", "?!-*"]) {
      for (const [handler, path] of [
        [searchPosts, "/api/search/posts"],
        [searchGlobal, "/api/search/global"],
      ] as const) {
        const r = await call(handler, `${path}?keyword=${q(kw)}`);
        expect(r.status, `${path} ${kw}`).toBe(200);
        expect(
          r.body.filter((h: { type?: string }) => !h.type || h.type === "post" || h.type === "comment"),
          `${path} ${kw}`,
        ).toEqual([]);
      }
    }
  });

  it("finds users by substring and near matches", async () => {
    const r = await call(searchUsers, `/api/search/users?keyword=searcher`);
    expect(r.status).toBe(200);
    const users = z.array(searchUserSchema).parse(r.body);
    expect(users.map((u) => u.id)).toEqual([alice.id]);
    expect(users[0]!.highlightedUsername).toBe("alice_<mark>searcher</mark>");
    expect((await call(searchUsers, `/api/search/users?keyword=bob_writr`)).body.map((u: { id: number }) => u.id)).toContain(bob.id);
  });

  it("rejects an empty, blank, missing or over-long keyword with the error body", async () => {
    for (const path of [
      "/api/search/posts?keyword=",
      "/api/search/posts?keyword=%20%20",
      "/api/search/global",
      `/api/search/users?keyword=${"x".repeat(101)}`,
    ]) {
      const handler = path.startsWith("/api/search/global")
        ? searchGlobal
        : path.startsWith("/api/search/users")
          ? searchUsers
          : searchPosts;
      const r = await call(handler, path);
      expect(r.status, path).toBe(400);
      expect(errorSchema.parse(r.body).code).toBe("validation_failed");
      expect(r.body.field).toBe("keyword");
    }
    const bad = await call(searchPosts, `/api/search/posts?keyword=x&sort=oldest`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("sort");
    const punctuation = await call(searchPosts, `/api/search/posts?keyword=${q("'); drop table posts; --")}`);
    expect(punctuation.status).toBe(200);
    expect(punctuation.body).toEqual([]);
  });
});
