import { XMLParser } from "fast-xml-parser";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { posts, tags } from "@/db/schema";
import { GET as robots } from "@/app/robots.txt/route";
import { GET as sitemapIndexRoute } from "@/app/sitemap.xml/route";
import { GET as sitemapFileRoute } from "@/app/sitemaps/[file]/route";
import { parseSitemapName, sitemapFile, sitemapIndex } from "@/lib/services/seo/sitemap";
import { call, makeCategory, makeTag, makeUser, type TestUser } from "../helpers";

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "sitemap" });
const BASE = "http://localhost:3000";

let writer: TestUser;
let catId: number;
const publicIds: number[] = [];
const hiddenIds: number[] = [];
let approvedTag: number, unapprovedTag: number;

beforeAll(async () => {
  writer = await makeUser({ username: "mapwriter" });
  catId = (await makeCategory("Map & <Cat>")).id;
  approvedTag = (await makeTag("mapped")).id;
  unapprovedTag = (await makeTag("unmapped")).id;
  await db.update(tags).set({ approved: false }).where(eq(tags.id, unapprovedTag));
  for (let i = 0; i < 8; i++) {
    const [p] = await db
      .insert(posts)
      .values({
        title: `Map ${i}`,
        content: "x",
        authorId: writer.id,
        categoryId: catId,
        updatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
        lastReplyAt: new Date(Date.UTC(2026, 0, 1)),
      })
      .returning();
    publicIds.push(p!.id);
  }
  const hidden = await db
    .insert(posts)
    .values([
      { title: "pending", content: "x", authorId: writer.id, categoryId: catId, status: "PENDING" as const },
      { title: "rejected", content: "x", authorId: writer.id, categoryId: catId, status: "REJECTED" as const },
      { title: "only me", content: "x", authorId: writer.id, categoryId: catId, visibleScope: "ONLY_ME" as const },
      { title: "members", content: "x", authorId: writer.id, categoryId: catId, visibleScope: "ONLY_REGISTER" as const },
    ])
    .returning();
  hiddenIds.push(...hidden.map((p) => p.id));
});

const locs = (text: string): string[] => (xml.parse(text).urlset?.url ?? []).map((u: { loc: string }) => u.loc);

describe("robots.txt", () => {
  it("keeps crawlers out of search, settings, admin and the API except the feeds, and names the sitemap", async () => {
    const r = await call(robots, "/robots.txt");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = r.text.split("\n");
    for (const rule of ["Disallow: /search", "Disallow: /settings", "Disallow: /admin", "Disallow: /api/", "Allow: /api/rss"]) {
      expect(lines).toContain(rule);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines).not.toContain("Disallow: /");
  });
});

describe("sitemap.xml", () => {
  it("is an index of the pages, posts and tags files, each with an absolute address", async () => {
    const r = await call(sitemapIndexRoute, "/sitemap.xml");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/xml/);
    const doc = xml.parse(r.text);
    expect(doc.sitemapindex["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const names = doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(names[0]).toBe(`${BASE}/sitemaps/pages.xml`);
    expect(names).toContain(`${BASE}/sitemaps/posts-0.xml`);
    expect(names).toContain(`${BASE}/sitemaps/tags-0.xml`);
    const posts0 = doc.sitemapindex.sitemap.find((s: { loc: string }) => s.loc.endsWith("posts-0.xml"));
    expect(Date.parse(posts0.lastmod)).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 8));
  });

  it("lists only what a visitor may see, with lastmod, the XML escaped", async () => {
    const r = await call(sitemapFileRoute, "/sitemaps/posts-0.xml", { params: { file: "posts-0.xml" } });
    expect(r.status).toBe(200);
    const urls = xml.parse(r.text).urlset.url as { loc: string; lastmod: string }[];
    const ids = urls.map((u) => Number(/\/posts\/(\d+)$/.exec(u.loc)?.[1]));
    for (const id of publicIds) expect(ids).toContain(id);
    for (const id of hiddenIds) expect(ids).not.toContain(id);
    const last = urls.find((u) => u.loc === `${BASE}/posts/${publicIds[7]}`)!;
    expect(last.lastmod).toBe(new Date(Date.UTC(2026, 0, 8)).toISOString());

    const pages = await call(sitemapFileRoute, "/sitemaps/pages.xml", { params: { file: "pages.xml" } });
    expect(locs(pages.text)).toEqual(expect.arrayContaining([`${BASE}/`, `${BASE}/categories`, `${BASE}/tags`, `${BASE}/c/${catId}`]));
    expect(pages.text).not.toContain("/u/");

    const tagFile = await call(sitemapFileRoute, "/sitemaps/tags-0.xml", { params: { file: "tags-0.xml" } });
    expect(locs(tagFile.text)).toContain(`${BASE}/t/${approvedTag}`);
    expect(locs(tagFile.text)).not.toContain(`${BASE}/t/${unapprovedTag}`);
  });

  it("answers 404 for a name that is no sitemap or a range without posts", async () => {
    for (const file of ["posts-999.xml", "users-0.xml", "posts-x.xml", "../etc.xml"]) {
      const r = await call(sitemapFileRoute, `/sitemaps/${file}`, { params: { file } });
      expect(r.status, file).toBe(404);
    }
  });

  it("pages by id ranges: each file at most `size` addresses, one query per file whatever its size", async () => {
    const size = 3;
    const index = await sitemapIndex({ size });
    const postFiles = index.filter((f) => f.name.startsWith("posts-"));
    expect(postFiles.length).toBeGreaterThanOrEqual(Math.ceil(publicIds.length / size));
    const seen: string[] = [];
    for (const f of postFiles) {
      const before = dbStats.queries;
      const urls = await sitemapFile({ name: parseSitemapName(f.name)!, size });
      // Sitemaps are kept under the lists' version: one query for the version, one for the file.
      expect(dbStats.queries - before).toBeLessThanOrEqual(2);
      expect(urls!.length).toBeGreaterThan(0);
      expect(urls!.length).toBeLessThanOrEqual(size);
      seen.push(...urls!.map((u) => u.loc));
    }
    for (const id of publicIds) expect(seen).toContain(`/posts/${id}`);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
