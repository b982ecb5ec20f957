import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { visiblePostsWhere } from "@/lib/permissions";
import { defaultAvatar } from "@/lib/avatar-url";
import { readableCommentsWhere } from "@/lib/services/shared/comment-visibility";
import { planned } from "@/lib/services/search/planned";
import { parseTerms } from "@/lib/services/search/terms";
import { highlight, plainText } from "@/lib/search-text";
import type { SearchResultDto } from "@/lib/validation/search";
import { comments } from "@/db/schema";
import type { Viewer } from "@/lib/viewer";

/** `c` in the comment search's SQL, for the comment rule's columns. */
const c = alias(comments, "c");
/** The newest comments looked at first (see findComments). */
const NEWEST = 2000;
const SNIPPET = 180;

export type CommentHit = {
  id: number;
  postId: number;
  postTitle: string;
  author: { username: string; avatar: string };
  createdAt: string;
  text: string;
  /** HTML-escaped snippet with the matches in <mark>. */
  highlightedText: string;
  highlightedPostTitle: string;
};

type Row = { id: number; post_id: number; content: string; title: string; username: string; avatar: string; created_at: string | Date };

function matchOf(keyword: string): { match: SQL; rank: SQL } | null {
  const t = parseTerms(keyword);
  const any: SQL[] = [];
  if (t.tsquery) any.push(sql`c.search_tsv @@ to_tsquery('simple', ${t.tsquery})`);
  if (t.like) any.push(sql`c.content ${t.likeOp} ${t.like}`);
  if (!any.length) return null;
  // (`0::real`, not `0`: "order by 0" would name a column by position.)
  const rank = t.tsquery ? sql`ts_rank(c.search_tsv, to_tsquery('simple', ${t.tsquery}))` : sql`0::real`;
  return { match: sql`(${sql.join(any, sql` or `)})`, rank };
}

/**
 * Comments the caller may read on posts they may list, matching by full text or substring, best first.
 * Two bounded steps, since neither plan suits every word and the planner cannot tell them apart when it
 * guesses a prefix's frequency: first the newest NEWEST comments, read one by one (a common word is
 * found there: "reply" matches all 10.8M comments of the 1M bench and took 10.7 s to rank them all);
 * only when they hold fewer than the page needs, every match through the indexes (a rare or absent
 * word, where reading comments in order could mean reading them all: 9 s).
 * The post and author are looked up per matching comment (lateral, `offset 0` keeps them apart): with
 * plain joins a guessed 200k matches made the planner hash the whole posts table (800 ms for 1 match).
 */
async function findComments(viewer: Viewer | null, keyword: string, offset: number, limit: number): Promise<Row[]> {
  const m = matchOf(keyword);
  if (!m) return [];
  const select = (from: SQL) => sql`
    select c.id, c.post_id, left(c.content, 2000) as content, c.created_at, p.title, u.username, u.avatar
    from ${from} c
    cross join lateral (
      select posts.title from posts where posts.id = c.post_id and ${visiblePostsWhere(viewer, { publishedOnly: true })} offset 0
    ) p
    cross join lateral (select users.username, users.avatar from users where users.id = c.author_id offset 0) u
    where ${readableCommentsWhere(viewer, c)} and ${m.match}
    order by ${m.rank} desc, c.created_at desc, c.id desc
    limit ${limit} offset ${offset}`;
  if (offset === 0) {
    const newest = await planned<Row>(select(sql`(select * from comments order by id desc limit ${NEWEST})`));
    if (newest.length >= limit) return newest;
  }
  return planned<Row>(select(sql`comments`));
}

/** Typed hits of GET /api/search/global: the comment's text, its post's title and the author's name. */
export async function searchComments(viewer: Viewer | null, keyword: string, limit: number): Promise<SearchResultDto[]> {
  const rows = await findComments(viewer, keyword, 0, limit);
  return rows.map((r) => {
    const text = plainText(r.content);
    return {
      type: "comment" as const,
      id: r.id,
      text,
      subText: r.title,
      extra: r.username,
      postId: r.post_id,
      highlightedText: highlight(text, keyword, { snippet: SNIPPET }),
      highlightedSubText: highlight(r.title, keyword),
    };
  });
}

/** A page of matching comments for /search, with their post, author and snippet. */
export async function searchCommentsPage(
  viewer: Viewer | null,
  a: { keyword: string; page: number; pageSize: number },
): Promise<CommentHit[]> {
  const rows = await findComments(viewer, a.keyword, a.page * a.pageSize, a.pageSize);
  return rows.map((r) => {
    const text = plainText(r.content);
    return {
      id: r.id,
      postId: r.post_id,
      postTitle: r.title,
      author: { username: r.username, avatar: r.avatar || defaultAvatar(r.username) },
      createdAt: new Date(r.created_at).toISOString(),
      text,
      highlightedText: highlight(text, a.keyword, { snippet: SNIPPET }),
      highlightedPostTitle: highlight(r.title, a.keyword),
    };
  });
}

/** How many comments match (at most `cap`: counting every match of a common word would read them all). */
export async function countComments(viewer: Viewer | null, keyword: string, cap: number): Promise<number> {
  const m = matchOf(keyword);
  if (!m) return 0;
  const [row] = await planned<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from comments c
      where ${m.match} and ${readableCommentsWhere(viewer, c)}
        and exists (select 1 from posts where posts.id = c.post_id and ${visiblePostsWhere(viewer, { publishedOnly: true })})
      limit ${cap}
    ) x`);
  return row?.n ?? 0;
}
