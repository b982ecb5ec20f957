import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts, users } from "@/db/schema";
import { renderMarkdown } from "@/lib/markdown";

export const RSS_ITEMS = 20;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** CDATA cannot contain "]]>": split it across two sections. */
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/** Feed readers resolve nothing against the site: make root-relative links and images absolute. */
const absolutize = (html: string, base: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${base}/`);

/**
 * RSS 2.0 of the newest featured posts (rssExcluded = false) that are PUBLISHED and visible to
 * everyone (API.md §3: the feed is anonymous). Descriptions are the sanitized rendered markdown.
 */
export async function buildRss(origin: string): Promise<string> {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      createdAt: posts.createdAt,
      author: users.username,
      category: categories.name,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.status, "PUBLISHED"), eq(posts.visibleScope, "ALL"), eq(posts.rssExcluded, false)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(RSS_ITEMS);

  const items = rows.map((p) => {
    const link = `${origin}/posts/${p.id}`;
    return [
      "    <item>",
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${p.createdAt.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(p.author)}</dc:creator>`,
      `      <category>${escapeXml(p.category)}</category>`,
      `      <description>${cdata(absolutize(renderMarkdown(p.content), origin))}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = rows[0]?.createdAt ?? new Date();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    "    <title>Forum: featured posts</title>",
    `    <link>${escapeXml(origin)}/</link>`,
    "    <description>The newest featured posts of the forum</description>",
    "    <language>en</language>",
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(origin)}/api/rss" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
