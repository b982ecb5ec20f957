import Parser from "rss-parser";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db";
import { posts, postTags } from "@/db/schema";
import { GET as latest } from "@/app/api/rss/route";
import { GET as featured } from "@/app/api/rss/featured/route";
import { GET as categoryFeed } from "@/app/api/rss/categories/[id]/route";
import { GET as tagFeed } from "@/app/api/rss/tags/[id]/route";
import { PUT as editPost } from "@/app/api/posts/[id]/route";
import { POST as feature } from "@/app/api/posts/[id]/feature/route";
import { POST as createPost } from "@/app/api/posts/route";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

type Item = Parser.Item & { "content:encoded"?: string; creator?: string; categories?: (string | { _: string })[] };
const parser = new Parser<Record<string, never>, Item>({ customFields: { item: ["content:encoded"] } });
const parse = (xml: string) => parser.parseString(xml);
const idOf = (link: string | undefined) => Number(/\/posts\/(\d+)$/.exec(link ?? "")?.[1]);

const base = Date.parse("2026-01-01T00:00:00.000Z");
let writer: TestUser, mod: TestUser;
let catA: number, catB: number, tagX: number, tagY: number;
/** Ids of public posts, oldest first; pending/private ids. */
const publicIds: number[] = [];
const hiddenIds: number[] = [];

beforeAll(async () => {
  writer = await makeUser({ username: "feedwriter" });
  mod = await makeUser({ role: "MODERATOR" });
  catA = (await makeCategory("Feed A & <B>")).id;
  catB = (await makeCategory("Feed B")).id;
  tagX = (await makeTag("feedx")).id;
  tagY = (await makeTag("feedy")).id;
  for (let i = 0; i < 24; i++) {
    const [p] = await db
      .insert(posts)
      .values({
        title: `Post ${i} <&> "quoted"`,
        content: `Hello **world** ${i}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [home](/c/1) ![img](/uploads/a.png)`,
        authorId: writer.id,
        categoryId: i % 2 ? catB : catA,
        rssExcluded: i % 5 !== 0,
        createdAt: new Date(base + i * 60_000),
        updatedAt: new Date(base + i * 60_000),
      })
      .returning();
    publicIds.push(p!.id);
    await db.insert(postTags).values({ postId: p!.id, tagId: i % 3 ? tagY : tagX });
  }
  const later = new Date(base + 99 * 60_000);
  const hidden = await db
    .insert(posts)
    .values(
      [
        { title: "pending one", content: "x", authorId: writer.id, categoryId: catA, rssExcluded: false, status: "PENDING" as const },
        { title: "rejected one", content: "x", authorId: writer.id, categoryId: catA, rssExcluded: false, status: "REJECTED" as const },
        { title: "only me", content: "x", authorId: writer.id, categoryId: catA, rssExcluded: false, visibleScope: "ONLY_ME" as const },
        {
          title: "members",
          content: "x",
          authorId: writer.id,
          categoryId: catA,
          rssExcluded: false,
          visibleScope: "ONLY_REGISTER" as const,
        },
      ].map((p) => ({ ...p, createdAt: later })),
    )
    .returning();
  for (const h of hidden) {
    hiddenIds.push(h.id);
    await db.insert(postTags).values({ postId: h.id, tagId: tagX });
  }
});

describe("GET /api/rss (latest)", () => {
  it("is RSS 2.0 of the 20 newest public posts, newest first, escaped, with absolute URLs", async () => {
    const r = await call(latest, "/api/rss");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(r.headers.get("etag")).toMatch(/^".+"$/);
    const feed = await parse(r.text);
    expect(feed.title).toBe("Forum: latest posts");
    expect(feed.link).toBe("http://localhost:3000/");
    expect(feed.items.map((i) => idOf(i.link))).toEqual(publicIds.slice(-20).reverse());
    for (const h of hiddenIds) expect(r.text).not.toContain(`/posts/${h}<`);
    const item = feed.items[0]!;
    expect(item.title).toBe('Post 23 <&> "quoted"');
    expect(item.guid).toBe(item.link);
    expect(item.link).toMatch(/^http:\/\/localhost:3000\/posts\/\d+$/);
    expect(new Date(item.pubDate!).getTime()).toBe(base + 23 * 60_000);
    expect(item.creator).toBe("feedwriter");
    // The summary is plain text; the full text is sanitized HTML with absolute links and images.
    expect(item.contentSnippet ?? item.content).not.toContain("**");
    const html = item["content:encoded"]!;
    expect(html).toContain("<strong>world</strong>");
    expect(html).toContain("<table>");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/href="javascript:/);
    expect(html).toContain('src="http://localhost:3000/uploads/a.png"');
    expect(html).toContain('href="http://localhost:3000/c/1"');
    // The channel's date is its newest post's, not a stale one.
    expect(r.text).toContain(`<lastBuildDate>${new Date(base + 23 * 60_000).toUTCString()}</lastBuildDate>`);
  });

  it("answers 304 to a reader that has the current version", async () => {
    const first = await call(latest, "/api/rss");
    const again = await call(latest, "/api/rss", { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("Atom 1.0 of the same items with ?format=atom", async () => {
    const r = await call(latest, "/api/rss?format=atom");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await parse(r.text);
    expect(feed.items.map((i) => idOf(i.link))).toEqual(publicIds.slice(-20).reverse());
    expect(r.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(r.text).toContain('<link rel="self" type="application/atom+xml" href="http://localhost:3000/api/rss?format=atom"/>');
  });

  it("refuses an unknown format with the API error body", async () => {
    const r = await call(latest, "/api/rss?format=json");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "validation_failed" });
  });
});

describe("GET /api/rss/featured, /api/rss/categories/{id}, /api/rss/tags/{id}", () => {
  it("the featured feed carries only featured public posts", async () => {
    const r = await call(featured, "/api/rss/featured");
    const feed = await parse(r.text);
    expect(feed.title).toBe("Forum: featured posts");
    const want = publicIds.filter((_, i) => i % 5 === 0).reverse();
    expect(feed.items.map((i) => idOf(i.link))).toEqual(want);
  });

  it("a category's feed carries only its posts, its name escaped", async () => {
    const r = await call(categoryFeed, `/api/rss/categories/${catA}`, { params: { id: String(catA) } });
    expect(r.status).toBe(200);
    const feed = await parse(r.text);
    expect(feed.title).toBe("Forum: Feed A & <B>");
    expect(feed.link).toBe(`http://localhost:3000/c/${catA}`);
    expect(feed.items.map((i) => idOf(i.link))).toEqual(publicIds.filter((_, i) => i % 2 === 0).reverse());
    expect(r.text).toContain("Feed A &amp; &lt;B&gt;");
  });

  it("a tag's feed carries only the posts with the tag", async () => {
    const r = await call(tagFeed, `/api/rss/tags/${tagX}`, { params: { id: String(tagX) } });
    const feed = await parse(r.text);
    expect(feed.title).toBe("Forum: #feedx");
    expect(feed.items.map((i) => idOf(i.link))).toEqual(publicIds.filter((_, i) => i % 3 === 0).reverse());
    for (const h of hiddenIds) expect(r.text).not.toContain(`/posts/${h}<`);
  });

  it("an unknown category or tag is a 404 with the API error body; an empty one is a valid empty feed", async () => {
    const c = await call(categoryFeed, "/api/rss/categories/999999", { params: { id: "999999" } });
    expect(c.status).toBe(404);
    expect(c.body).toMatchObject({ code: "not_found" });
    const t = await call(tagFeed, "/api/rss/tags/999999", { params: { id: "999999" } });
    expect(t.status).toBe(404);
    const empty = (await makeCategory("Quiet")).id;
    const e = await call(categoryFeed, `/api/rss/categories/${empty}`, { params: { id: String(empty) } });
    expect(e.status).toBe(200);
    expect((await parse(e.text)).items).toEqual([]);
  });
});

describe("feeds are current through the read cache", () => {
  it("a new post, an edit and a featuring are in the next answer", async () => {
    const was = process.env.LIST_CACHE;
    process.env.LIST_CACHE = "1";
    try {
      const before = await call(latest, "/api/rss");
      const cached = await call(latest, "/api/rss");
      expect(cached.headers.get("etag")).toBe(before.headers.get("etag"));

      const made = await call(createPost, "/api/posts", {
        token: writer.token,
        body: { title: "Brand new", content: "Fresh", categoryId: catB, tagIds: [tagY] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.id as number;
      const after = await parse((await call(latest, "/api/rss")).text);
      expect(idOf(after.items[0]!.link)).toBe(id);

      await call(editPost, `/api/posts/${id}`, {
        method: "PUT",
        token: writer.token,
        body: { title: "Brand new, edited" },
        params: { id: String(id) },
      });
      const edited = await parse((await call(latest, "/api/rss")).text);
      expect(edited.items[0]!.title).toBe("Brand new, edited");

      const feat = await call(feature, `/api/posts/${id}/feature`, {
        method: "POST",
        token: mod.token,
        params: { id: String(id) },
      });
      expect(feat.status, JSON.stringify(feat.body)).toBe(200);
      const f = await parse((await call(featured, "/api/rss/featured")).text);
      expect(idOf(f.items[0]!.link)).toBe(id);

      await db.update(posts).set({ status: "PENDING" }).where(eq(posts.id, id));
    } finally {
      process.env.LIST_CACHE = was;
    }
  });
});
