// two- and one-character Chinese words, typos in any word (corrected from the forum's own
// vocabulary, never leaking a word the caller cannot read), comments on the search page.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db, rawRows } from "@/db";
import { comments, posts, type PostStatus, type VisibleScope } from "@/db/schema";
import { GET as searchGlobal } from "@/app/api/search/global/route";
import { GET as searchPosts } from "@/app/api/search/posts/route";
import { countComments, searchCommentsPage } from "@/lib/services/search/comments";
import { correctKeyword, fullTextWordCheck } from "@/lib/services/search/correct";
import { searchEverything } from "@/lib/services/search/everything";
import { countPosts, searchPostsCorrected } from "@/lib/services/search/search";
import { searchPostSchema, searchPostsQuerySchema, searchResultSchema } from "@/lib/validation/search";
import type { Viewer } from "@/lib/viewer";
import { call, makeCategory, makeUser, type TestUser } from "../helpers";

const q = encodeURIComponent;
const postPage = z.array(searchPostSchema);
const ids = (body: { id: number }[]) => body.map((p) => p.id);
const query = (keyword: string) => searchPostsQuerySchema.parse({ keyword });

describe("search that understands Chinese and typos", () => {
  let author: TestUser, reader: TestUser;
  let cat: number;
  const P: Record<string, number> = {};
  const asViewer = (u: TestUser): Viewer => ({ id: u.id, username: u.username, role: u.role, scopes: ["read", "write"], via: "token" });

  async function seedPost(title: string, content: string, o: { status?: PostStatus; visibleScope?: VisibleScope; createdAt?: Date } = {}) {
    const [p] = await db
      .insert(posts)
      .values({
        title,
        content,
        authorId: author.id,
        categoryId: cat,
        status: o.status ?? "PUBLISHED",
        visibleScope: o.visibleScope ?? "ALL",
        createdAt: o.createdAt ?? new Date(),
      })
      .returning({ id: posts.id });
    return p!.id;
  }

  beforeAll(async () => {
    author = await makeUser({ username: "writer49" });
    reader = await makeUser({ username: "reader49" });
    cat = (await makeCategory("Mixed")).id;
    P.body = await seedPost("一次讨论", "我们讨论了数据库的设计与实现", { createdAt: new Date("2026-03-01T00:00:00Z") });
    P.title = await seedPost("数据的力量", "一篇短文", { createdAt: new Date("2026-02-01T00:00:00Z") });
    P.other = await seedPost("天气很好", "今天去公园散步", { createdAt: new Date("2026-01-01T00:00:00Z") });
    P.photo = await seedPost("Green leaves", "Every leaf runs photosynthesis when the sun is out.");
    P.plants = await seedPost("Plants and light", "How much light a room needs.");
    P.winter = await seedPost("Notes", "The winter light in the north is pale and short.");
    P.secret = await seedPost("Private plans", "the quixotically named project", { visibleScope: "ONLY_ME" });
    P.pending = await seedPost("Pending thoughts", "xylophonist meetings", { status: "PENDING" });
    await db
      .insert(comments)
      .values({ postId: P.other!, authorId: reader.id, content: "公园里的银杏叶子很漂亮，还有 marmalade sandwiches" });
  });

  it("finds two-character Chinese words inside longer runs, in bodies and titles, title matches first", async () => {
    const r = await call(searchPosts, `/api/search/posts?keyword=${q("数据")}`);
    expect(r.status).toBe(200);
    const body = postPage.parse(r.body);
    expect(ids(body)).toEqual([P.title, P.body]);
    expect(body[0]!.highlightedTitle).toContain("<mark>数据</mark>");
    expect(body[1]!.highlightedContent).toContain("<mark>数据</mark>");
    // A two-character word that is not in any text finds nothing (not every post sharing a character).
    expect((await call(searchPosts, `/api/search/posts?keyword=${q("数学")}`)).body).toEqual([]);
    // Three characters are the phrase of their two-character runs: 据库 and 数据 adjacent.
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=${q("数据库")}`)).body)).toEqual([P.body]);
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=${q("设计")}`)).body)).toEqual([P.body]);
  });

  it("finds a one-character Chinese query anywhere in a run, including its last character", async () => {
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=${q("园")}`)).body)).toEqual([P.other]);
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=${q("量")}`)).body)).toEqual([P.title]);
  });

  it("finds Chinese words of comments in the header search and the search page's comment list", async () => {
    const r = await call(searchGlobal, `/api/search/global?keyword=${q("银杏")}`);
    expect(r.status).toBe(200);
    const hits = z.array(searchResultSchema).parse(r.body);
    expect(hits.filter((h) => h.type === "comment").map((h) => h.postId)).toEqual([P.other]);
    const page = await searchCommentsPage(null, { keyword: "银杏", page: 0, pageSize: 20 });
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ postId: P.other, postTitle: "天气很好", author: { username: "reader49" } });
    expect(page[0]!.highlightedText).toContain("<mark>银杏</mark>");
    expect(await countComments(null, "银杏", 1000)).toBe(1);
    expect(await countComments(null, "marmalade", 1000)).toBe(1);
    expect(await countPosts(null, query("数据"), 1000)).toBe(2);
  });

  it("serves a two-character Chinese query from the full-text index, not a table scan", async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rawRows<{ "QUERY PLAN": string }>(tx, sql`explain select id from posts where search_tsv @@ to_tsquery('simple', ${"'数据'"})`);
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("posts_search_idx");
  });

  it("corrects a typo in a body word, in a title word and in one of two words", async () => {
    const photo = await call(searchPosts, `/api/search/posts?keyword=photosynthesys`);
    expect(ids(photo.body)).toEqual([P.photo]);
    expect(photo.body[0].highlightedContent).toContain("<mark>photosynthesis</mark>");
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=plents`)).body)).toEqual([P.plants]);
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=${q("wintr light")}`)).body)).toEqual([P.winter]);
    const outcome = await searchPostsCorrected(null, query("wintr light"));
    expect(outcome.correctedKeyword).toBe("winter light");
    // "Search instead for" the words as typed: nothing, and no correction.
    expect(await searchPostsCorrected(null, query("wintr light"), { exact: true })).toEqual({ posts: [], correctedKeyword: null });
    // A word being typed is not corrected when it starts a known word.
    expect(await correctKeyword("winter ligh")).toBeNull();
  });

  it("checks the words of a several-word keyword against the vocabulary before searching: a word in no text finds nothing", async () => {
    // Known words (the last as the start of one): the search runs and finds the post.
    expect(await fullTextWordCheck("winter ligh")).toEqual({ allKnown: true, corrected: null });
    expect(ids((await searchPostsCorrected(null, query("winter ligh"))).posts)).toEqual([P.winter]);
    // A word no post or comment holds: nothing can match, the correction comes from the same check.
    expect(await fullTextWordCheck("wintr light")).toEqual({ allKnown: false, corrected: "winter light" });
    expect(await fullTextWordCheck("zzqxv light")).toEqual({ allKnown: false, corrected: null });
    expect(await searchPostsCorrected(null, query("zzqxv light"))).toEqual({ posts: [], correctedKeyword: null });
    // One word (a substring may match inside a longer word) is not decided by the vocabulary.
    expect(await fullTextWordCheck("photosynth")).toBeNull();
    // The search page skips posts and comments for such a word but still corrects it.
    const page = await searchEverything(null, { ...query("wintr light"), kind: "all", exact: false });
    expect(page.correctedKeyword).toBe("winter light");
    expect(ids(page.posts)).toEqual([P.winter]);
  });

  it("never suggests a word only a post the caller cannot read holds", async () => {
    // The words are in the vocabulary (any post adds its words) …
    const [known] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from search_words where word in ('quixotically', 'xylophonist')`,
    );
    expect(known!.n).toBe(2);
    // … but a near miss finds nothing for a reader, and no correction is offered.
    expect(await searchPostsCorrected(asViewer(reader), query("quixoticaly"))).toEqual({ posts: [], correctedKeyword: null });
    expect(await searchPostsCorrected(null, query("xylophonis"))).toEqual({ posts: [], correctedKeyword: null });
    // The author sees their own post through the correction.
    const own = await searchPostsCorrected(asViewer(author), query("quixoticaly"));
    expect(own.correctedKeyword).toBe("quixotically");
    expect(ids(own.posts)).toEqual([P.secret]);
  });

  it("adds the words of new and edited comments to the vocabulary, letters only", async () => {
    await db
      .insert(comments)
      .values({ postId: P.plants!, authorId: reader.id, content: "Chlorophyll absorbs red 700nm light, see abc123 and 数据" });
    const rows = await rawRows<{ word: string }>(
      db,
      sql`select word from search_words where word in ('chlorophyll', 'absorbs', '700nm', 'abc123', '数据') order by word`,
    );
    expect(rows.map((r) => r.word)).toEqual(["absorbs", "chlorophyll"]);
    expect(ids((await call(searchPosts, `/api/search/posts?keyword=chlorophyl`)).body)).toEqual([]);
    const c = await searchCommentsPage(null, { keyword: "chlorophyll", page: 0, pageSize: 5 });
    expect(c.map((h) => h.postId)).toEqual([P.plants]);
  });
});
