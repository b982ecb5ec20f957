import "server-only";
import { and, asc, between, eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { categories, posts, tags } from "@/db/schema";
import { readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { allListsVersion } from "@/lib/cache/page-versions";
import { visiblePostsWhere } from "@/lib/permissions";
import { visibleCategoryWhere } from "@/lib/permissions/category-access";

/*
 * Sitemaps (docs/seo.md): /sitemap.xml is an index of files of at most URLS_PER_FILE addresses each:
 * pages.xml (home, the category and tag lists, every category), posts-N.xml and tags-N.xml. A posts file
 * is one range of post ids (N·size+1 … (N+1)·size), read with one range scan of the primary key, so
 * each file costs one query however many posts there are; the index is one grouped query over the
 * visible posts (which ranges hold any, and the newest change in each). Only what a visitor may see is
 * listed: published posts visible to everyone in categories a visitor may see (lib/permissions.ts and
 * lib/permissions/category-access.ts), those categories, and approved tags. Members' profiles are not listed: no member setting says a member wants theirs found.
 * Built files are kept under the lists' `all` version, which every post write (created, edited,
 * moderated, deleted) and every rename stamps; a new comment moves a post's lastmod but not the
 * version, so a kept file may show an older lastmod until the next post write.
 */

/** The sitemaps protocol's limit per file. */
export const URLS_PER_FILE = 50_000;

export type SitemapUrl = { loc: string; lastmod?: string };
export type SitemapFile = { name: string; lastmod?: string };
export type SitemapName = { kind: "pages" } | { kind: "posts" | "tags"; page: number };

const visiblePosts = () => visiblePostsWhere(null, { publishedOnly: true });

/** The files' names and newest changes, in order. */
async function buildIndex(size: number): Promise<SitemapFile[]> {
  // The size as a literal: with a parameter, the grouped and the selected expression would differ ($1, $5).
  const per = sql.raw(String(Math.max(1, Math.trunc(size))));
  const bucket = sql<number>`((${posts.id} - 1) / ${per})::int`;
  const [postRanges, tagRanges] = await Promise.all([
    db
      .select({ page: bucket, lastmod: sql<string | Date>`max(greatest(${posts.updatedAt}, ${posts.lastReplyAt}))` })
      .from(posts)
      .where(visiblePosts())
      .groupBy(bucket)
      .orderBy(bucket),
    rawRows<{ page: number }>(
      db,
      sql`select distinct ((${tags.id} - 1) / ${per})::int as page from ${tags} where ${tags.approved} order by 1`,
    ),
  ]);
  return [
    { name: "pages.xml" },
    ...postRanges.map((r) => ({ name: `posts-${r.page}.xml`, lastmod: iso(r.lastmod) })),
    ...tagRanges.map((r) => ({ name: `tags-${Number(r.page)}.xml` })),
  ];
}

const iso = (v: string | Date | null | undefined): string | undefined => (v == null ? undefined : new Date(v).toISOString());

/** The addresses of one file (paths; the route makes them absolute), or null when it has none. */
async function buildFile(name: SitemapName, size: number): Promise<SitemapUrl[] | null> {
  if (name.kind === "pages") {
    const cats = await db
      .select({ id: categories.id })
      .from(categories)
      .where(visibleCategoryWhere(null, categories.id))
      .orderBy(asc(categories.id))
      .limit(size - 3);
    return [{ loc: "/" }, { loc: "/categories" }, { loc: "/tags" }, ...cats.map((c) => ({ loc: `/c/${c.id}` }))];
  }
  const lo = name.page * size + 1;
  const hi = (name.page + 1) * size;
  if (name.kind === "posts") {
    const rows = await db
      .select({ id: posts.id, lastmod: sql<string | Date>`greatest(${posts.updatedAt}, ${posts.lastReplyAt})` })
      .from(posts)
      .where(and(between(posts.id, lo, hi), visiblePosts()))
      .orderBy(asc(posts.id));
    return rows.length ? rows.map((r) => ({ loc: `/posts/${r.id}`, lastmod: iso(r.lastmod) })) : null;
  }
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(between(tags.id, lo, hi), eq(tags.approved, true)))
    .orderBy(asc(tags.id));
  return rows.length ? rows.map((r) => ({ loc: `/t/${r.id}` })) : null;
}

/** `posts-3.xml` → its kind and page; null for a name that is no sitemap. */
export function parseSitemapName(file: string): SitemapName | null {
  if (file === "pages.xml") return { kind: "pages" };
  const m = /^(posts|tags)-(\d{1,6})\.xml$/.exec(file);
  return m ? { kind: m[1] as "posts" | "tags", page: Number(m[2]) } : null;
}

const kept = versionedCache<SitemapFile[] | SitemapUrl[] | null>("sitemaps", 200);

async function cachedBy<T extends SitemapFile[] | SitemapUrl[] | null>(key: string, build: () => Promise<T>): Promise<T> {
  if (!readCachesEnabled()) return build();
  const version = await allListsVersion();
  const hit = kept.get(key, version);
  if (hit !== undefined) return hit as T;
  const value = await build();
  kept.set(key, version, value);
  return value;
}

/** The sitemap index: the files there are. `size` is the addresses per file (tests use a small one). */
export function sitemapIndex({ size = URLS_PER_FILE }: { size?: number } = {}): Promise<SitemapFile[]> {
  return cachedBy(`index:${size}`, () => buildIndex(size));
}

/** One sitemap file's addresses, or null when there is no such file (a 404). */
export function sitemapFile({ name, size = URLS_PER_FILE }: { name: SitemapName; size?: number }): Promise<SitemapUrl[] | null> {
  const key = name.kind === "pages" ? `pages:${size}` : `${name.kind}-${name.page}:${size}`;
  return cachedBy(key, () => buildFile(name, size));
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function sitemapIndexXml(files: SitemapFile[], base: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const f of files) {
    out.push(
      `  <sitemap><loc>${escapeXml(`${base}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ""}</sitemap>`,
    );
  }
  out.push("</sitemapindex>", "");
  return out.join("\n");
}

export function urlSetXml(urls: SitemapUrl[], base: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const u of urls) out.push(`  <url><loc>${escapeXml(base + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`);
  out.push("</urlset>", "");
  return out.join("\n");
}

/** When a post's title or content last changed (its JSON-LD dateModified), or null if there is no such post. */
export async function postModifiedAt(id: number): Promise<string | null> {
  const [row] = await db.select({ at: posts.updatedAt }).from(posts).where(eq(posts.id, id)).limit(1);
  return row ? row.at.toISOString() : null;
}
