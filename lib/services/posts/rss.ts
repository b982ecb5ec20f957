import "server-only";
import { tagNamesByPost } from "@/lib/services/taxonomy/tags";
import { createHash } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { categories, posts, postTags, tags, users } from "@/db/schema";
import { notFound, msg } from "@/lib/errors";
import { markdownExcerpt } from "@/lib/markdown";
import { htmlOf } from "@/lib/services/content/stored-html";
import { plainDocument } from "@/lib/markdown-render";
import { readCachesEnabled, versionedCache } from "@/lib/cache/content-version";
import { allListsVersion } from "@/lib/cache/page-versions";
import { feedPath, type FeedFormat, type FeedScope } from "@/lib/feeds";
import { visibleCategoryWhere } from "@/lib/permissions/category-access";
import { readSiteIdentity } from "@/lib/services/site/identity";
import { isDeletedName } from "@/lib/deleted-member";
import { shownNameIn } from "@/lib/i18n/deleted-member-text";

/** Items per feed (OpenIsle serves 10; feed readers that poll rarely miss fewer posts with 20). */
export const RSS_ITEMS = 20;
/** Characters of the plain-text summary in <description> (OpenIsle's textSummary). */
const SUMMARY_CHARS = 180;

/** A built feed: the XML text, and what a conditional GET compares. */
export type Feed = { body: string; etag: string; lastModified: Date; contentType: string };

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/FFFF). */
const INVALID_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (s: string) => s.replace(INVALID_XML, "");

const escapeXml = (s: string) =>
  xmlText(s).replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** CDATA cannot contain "]]>": split it across two sections. */
const cdata = (s: string) => `<![CDATA[${xmlText(s).replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/**
 * Feed readers resolve nothing against the site: root-relative links and images become absolute, and
 * in-page anchors point into the post's own page.
 */
const absolutize = (html: string, base: string, postLink: string) =>
  html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${base}/`).replace(/\bhref="#/g, `href="${postLink}#`);

type Row = {
  id: number;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  featuredAt: Date | null;
  author: string;
  category: string;
  categoryId: number;
};

type Channel = { title: string; description: string; htmlPath: string };

/** The condition on posts, and the query of the category's or tag's name (null for the site-wide feeds). */
function scopeOf(scope: FeedScope): { where: SQL[]; name: (() => Promise<string | null>) | null } {
  // What a visitor may see (feeds are read without a sign-in): the category rule too (issue 57).
  const base: SQL[] = [eq(posts.status, "PUBLISHED"), eq(posts.visibleScope, "ALL"), visibleCategoryWhere(null, posts.categoryId)];
  switch (scope.kind) {
    case "latest":
      return { where: base, name: null };
    case "featured":
      return { where: [...base, eq(posts.rssExcluded, false)], name: null };
    case "category":
      return {
        where: [...base, eq(posts.categoryId, scope.id)],
        name: async () =>
          // A category the visitor may not see is a 404, as a missing one: its name is not told either.
          (
            await db
              .select({ name: categories.name })
              .from(categories)
              .where(and(eq(categories.id, scope.id), visibleCategoryWhere(null, categories.id)))
              .limit(1)
          )[0]?.name ?? null,
      };
    case "tag":
      return {
        where: [
          ...base,
          sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${scope.id})`,
        ],
        name: async () => (await db.select({ name: tags.name }).from(tags).where(eq(tags.id, scope.id)).limit(1))[0]?.name ?? null,
      };
  }
}

/** The channel's title and description, in the site's own name (lib/services/site/identity.ts). */
function channelOf(scope: FeedScope, name: string | null, site: { name: string; description: string | null }): Channel {
  const about = site.description ? ` (${site.description})` : "";
  switch (scope.kind) {
    case "latest":
      return { title: `${site.name}: latest posts`, description: `The newest posts of ${site.name}${about}`, htmlPath: "/" };
    case "featured":
      return {
        title: `${site.name}: featured posts`,
        description: `The newest featured posts of ${site.name}`,
        htmlPath: "/?tab=featured",
      };
    case "category":
      return { title: `${site.name}: ${name}`, description: `The newest posts in the category ${name}`, htmlPath: `/c/${scope.id}` };
    case "tag":
      return { title: `${site.name}: #${name}`, description: `The newest posts tagged #${name}`, htmlPath: `/t/${scope.id}` };
  }
}

/**
 * The posts of a feed (the newest RSS_ITEMS, by creation) and their tags: at most three queries
 * whatever the scope (the category's or tag's name beside the posts; a missing one is a 404).
 */
async function readFeed(scope: FeedScope): Promise<{ rows: Row[]; tagsOf: Map<number, string[]>; name: string | null }> {
  const { where, name: readName } = scopeOf(scope);
  const [rows, name] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        content: posts.content,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        featuredAt: posts.featuredAt,
        author: users.username,
        category: categories.name,
        categoryId: posts.categoryId,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(and(...where))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(RSS_ITEMS),
    readName ? readName() : Promise.resolve(null),
  ]);
  if (readName && name === null) throw notFound(scope.kind === "category" ? msg("categoryNotFound") : msg("tagNotFound"));
  const tagsOf = await tagNamesByPost(rows.map((r) => r.id));
  return { rows, tagsOf, name };
}

type Item = { row: Row; link: string; html: string; summary: string; tags: string[]; complete: boolean };

async function itemsOf(rows: Row[], tagsOf: Map<number, string[]>, origin: string): Promise<Item[]> {
  // The posts' stored HTML (one query; a render only for posts with none stored yet).
  const stored = await htmlOf("posts", rows);
  return rows.map((row) => {
    const link = `${origin}/posts/${row.id}`;
    const rendered = stored.get(row.id) ?? "";
    return {
      row,
      link,
      html: absolutize(rendered, origin, link),
      summary: markdownExcerpt(row.content, SUMMARY_CHARS),
      tags: tagsOf.get(row.id) ?? [],
      // A render that failed or was stopped shows as the escaped source: not kept.
      complete: rendered !== plainDocument(row.content) || row.content === "",
    };
  });
}

/** When the channel last changed: the newest creation, edit or featuring of what it carries. */
const changedAt = (rows: Row[]) =>
  rows.reduce<Date | null>((max, r) => {
    for (const d of [r.createdAt, r.updatedAt, r.featuredAt]) if (d && (!max || d > max)) max = d;
    return max;
  }, null);

/** RSS 2.0 as OpenIsle's RssController writes it: a plain summary in <description>, the full HTML in <content:encoded>. */
function rssXml(items: Item[], channel: Channel, origin: string, self: string, updated: Date): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(origin + channel.htmlPath)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(origin + self)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const it of items) {
    out.push(
      "    <item>",
      `      <title>${escapeXml(it.row.title)}</title>`,
      `      <link>${escapeXml(it.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(it.link)}</guid>`,
      `      <pubDate>${it.row.createdAt.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(shownNameIn(it.row.author))}</dc:creator>`,
      `      <category domain="${escapeXml(`${origin}/c/${it.row.categoryId}`)}">${escapeXml(it.row.category)}</category>`,
      ...it.tags.map((t) => `      <category>${escapeXml(`#${t}`)}</category>`),
      `      <description>${escapeXml(it.summary)}</description>`,
      `      <content:encoded>${cdata(it.html)}</content:encoded>`,
      "    </item>",
    );
  }
  out.push("  </channel>", "</rss>", "");
  return out.join("\n");
}

/** Atom 1.0 of the same items. */
function atomXml(items: Item[], channel: Channel, origin: string, self: string, updated: Date): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <title>${escapeXml(channel.title)}</title>`,
    `  <subtitle>${escapeXml(channel.description)}</subtitle>`,
    `  <id>${escapeXml(origin + self)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(origin + self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(origin + channel.htmlPath)}"/>`,
    `  <updated>${updated.toISOString()}</updated>`,
  ];
  for (const it of items) {
    const itemUpdated = [it.row.createdAt, it.row.updatedAt].reduce((a, b) => (b > a ? b : a));
    out.push(
      "  <entry>",
      `    <title>${escapeXml(it.row.title)}</title>`,
      `    <id>${escapeXml(it.link)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(it.link)}"/>`,
      `    <published>${it.row.createdAt.toISOString()}</published>`,
      `    <updated>${itemUpdated.toISOString()}</updated>`,
      // A deleted member (lib/deleted-member.ts) is named as such, with no profile to point to.
      isDeletedName(it.row.author)
        ? `    <author><name>${escapeXml(shownNameIn(it.row.author))}</name></author>`
        : `    <author><name>${escapeXml(it.row.author)}</name><uri>${escapeXml(`${origin}/u/${encodeURIComponent(it.row.author)}`)}</uri></author>`,
      `    <category term="${escapeXml(it.row.category)}" scheme="${escapeXml(`${origin}/c/${it.row.categoryId}`)}"/>`,
      ...it.tags.map((t) => `    <category term="${escapeXml(`#${t}`)}"/>`),
      `    <summary>${escapeXml(it.summary)}</summary>`,
      `    <content type="html">${escapeXml(it.html)}</content>`,
      "  </entry>",
    );
  }
  out.push("</feed>", "");
  return out.join("\n");
}

async function renderFeed(scope: FeedScope, format: FeedFormat, origin: string): Promise<{ feed: Feed; keep: boolean }> {
  const [{ rows, tagsOf, name }, site] = await Promise.all([readFeed(scope), readSiteIdentity()]);
  const items = await itemsOf(rows, tagsOf, origin);
  const channel = channelOf(scope, name, site);
  // An empty feed changed when it was read; otherwise when its newest change happened (not "now":
  // a feed reader compares this date, and the same posts must give the same feed).
  const updated = changedAt(rows) ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const self = feedPath(scope, format);
  const body = format === "atom" ? atomXml(items, channel, origin, self, updated) : rssXml(items, channel, origin, self, updated);
  return {
    feed: {
      body,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      lastModified: updated,
      contentType: format === "atom" ? "application/atom+xml; charset=utf-8" : "application/rss+xml; charset=utf-8",
    },
    keep: rows.length > 0 && items.every((i) => i.complete),
  };
}

/**
 * Built feeds, kept under the version of the lists' 'all' row (lib/cache/page-versions.ts), which every
 * write that can change what a list shows stamps (a post created, edited, moderated, featured, deleted;
 * a rename of a member, category or tag): the same invalidation as the list pages. A comment or a
 * reaction does not change a feed and leaves it cached. A feed whose posts did not all render in time
 * (a cold render worker) is served but not kept.
 */
const feeds = versionedCache<Feed>("feeds", 200);

/** The feed of `scope` for readers at `origin` (PUBLIC_URL or the request's origin). */
export async function buildFeed(scope: FeedScope, format: FeedFormat, origin: string): Promise<Feed> {
  if (!readCachesEnabled()) return (await renderFeed(scope, format, origin)).feed;
  const key = `${origin}|${feedPath(scope, format)}`;
  const version = await allListsVersion();
  const cached = feeds.get(key, version);
  if (cached) return cached;
  const { feed, keep } = await renderFeed(scope, format, origin);
  if (keep) feeds.set(key, version, feed);
  return feed;
}
