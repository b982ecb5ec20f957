import { absoluteSiteUrl } from "@/lib/seo/metadata";
import type { CommentDto, PostDto } from "@/lib/validation/responses";
import { isDeletedName } from "@/lib/deleted-member";
import { deletedMemberLabel } from "@/lib/i18n/deleted-member-text";

/*
 * schema.org JSON-LD of a post page (docs/seo.md): a DiscussionForumPosting with its author, dates,
 * counts and first comments, and the BreadcrumbList home › category › post. Sent as
 * <script type="application/ld+json">: a data block, which browsers never run, so the page's
 * Content-Security-Policy has nothing to allow (lib/front/csp.ts hashes it with the other inline scripts
 * anyway, which is harmless).
 */

/** Comments put in the posting (Google reads a few; the page shows them all). */
export const LD_COMMENTS = 10;

type Json = Record<string, unknown>;

/** The first image of a post's Markdown (`![alt](url)` or an HTML <img>), absolute, else null. */
export function firstImage(markdown: string): string | null {
  const md = /!\[[^\]]*\]\(\s*<?([^\s)>]+)>?(?:\s+["'][^"']*["'])?\s*\)/.exec(markdown);
  const html = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(markdown);
  const pick = md && html ? (md.index < html.index ? md[1] : html[1]) : (md?.[1] ?? html?.[1]);
  if (!pick) return null;
  if (/^https?:\/\//i.test(pick)) return pick;
  if (pick.startsWith("/") && !pick.startsWith("//")) return absoluteSiteUrl(pick);
  return null;
}

const person = (a: PostDto["author"]): Json =>
  isDeletedName(a.username) ? { "@type": "Person", name: deletedMemberLabel() } : namedPerson(a);

const namedPerson = (a: PostDto["author"]): Json => ({
  "@type": "Person",
  name: a.displayName || a.username,
  alternateName: a.username,
  url: absoluteSiteUrl(`/u/${encodeURIComponent(a.username)}`),
});

const counter = (type: "ViewAction" | "CommentAction" | "LikeAction", n: number): Json => ({
  "@type": "InteractionCounter",
  interactionType: `https://schema.org/${type}`,
  userInteractionCount: n,
});

/** Visible comments in page order, depth first, the first `max` of them. */
function firstComments(list: CommentDto[], max: number): CommentDto[] {
  const out: CommentDto[] = [];
  const walk = (items: CommentDto[]) => {
    for (const c of items) {
      if (out.length >= max) return;
      if (!c.deleted && !c.hidden && c.content) out.push(c);
      walk(c.replies);
    }
  };
  walk(list);
  return out;
}

export type PostingInput = {
  post: PostDto;
  comments: CommentDto[];
  /** Plain-text summary of the post (its description). */
  text: string;
  /** When its title or content last changed. */
  dateModified: string;
  /** Plain text of a comment (the page's excerpt function). */
  commentText: (markdown: string) => string;
};

export function discussionForumPosting({ post, comments, text, dateModified, commentText }: PostingInput): Json {
  const url = absoluteSiteUrl(`/posts/${post.id}`);
  const image = firstImage(post.content);
  const likes = post.reactions.length;
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    url,
    mainEntityOfPage: url,
    headline: post.title,
    text,
    ...(image ? { image } : {}),
    author: person(post.author),
    datePublished: post.createdAt,
    dateModified,
    commentCount: post.commentCount,
    interactionStatistic: [counter("ViewAction", post.views), counter("CommentAction", post.commentCount), counter("LikeAction", likes)],
    ...(post.tags.length ? { keywords: post.tags.map((t) => t.name).join(", ") } : {}),
    articleSection: post.category.name,
    comment: firstComments(comments, LD_COMMENTS).map((c) => ({
      "@type": "Comment",
      "@id": `${url}#comment-${c.id}`,
      url: `${url}#comment-${c.id}`,
      text: commentText(c.content),
      author: person(c.author),
      datePublished: c.createdAt,
      ...(c.editedAt ? { dateModified: c.editedAt } : {}),
    })),
  };
}

export function breadcrumbs(items: { name: string; path: string }[]): Json {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((it, i) => ({ "@type": "ListItem", position: i + 1, name: it.name, item: absoluteSiteUrl(it.path) })),
  };
}

/** JSON for a <script type="application/ld+json">: no `<` survives, so no text can close the script. */
export const ldJson = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
