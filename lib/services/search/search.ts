import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { userSummary } from "@/lib/services/dto";
import { visiblePostsWhere } from "@/lib/permissions";
import { loadPosts } from "@/lib/services/posts/loader";
import { correctKeyword, fullTextWordCheck } from "@/lib/services/search/correct";
import { searchComments } from "@/lib/services/search/comments";
import { planned } from "@/lib/services/search/planned";
import { MIN_SUBSTRING, parseTerms, type Terms } from "@/lib/services/search/terms";
import { highlight, plainText } from "@/lib/search-text";
import type { SearchPostDto, SearchPostsQuery, SearchResultDto, SearchUserDto, UserSuggestionDto } from "@/lib/validation/search";
import type { MedalType } from "@/db/schema";
import type { Viewer } from "@/lib/viewer";

/**
 * Search on Postgres alone. Ways a post matches, any of them (terms.ts):
 * - full text: `posts.search_tsv` (a generated column: title weight A, content B, 'simple' config so
 *   every language tokenizes alike, plus the two-character runs of CJK text) against the keyword's
 *   words, the last one as a prefix, CJK words as phrases of their two-character runs;
 * - substring: `ILIKE '%keyword%'` on title and content through the trigram indexes, for one word of a
 *   spaced script (part of a word) or a script without spaces other than CJK; from 3 characters on;
 * - only when nothing matches: each unknown word corrected from the forum's vocabulary (correct.ts),
 *   kept only when the corrected keyword finds something the caller may see.
 * Relevance order ranks the RANK_CANDIDATES newest matches (ts_rank plus a bonus for the keyword in
 * the title), so a word found in most posts costs no more than a rare one.
 * Visibility is the list rule (`visiblePostsWhere(viewer, { publishedOnly: true })`): comments are
 * searched only on posts the caller may list, and only those whose text the caller may read
 * (comment-visibility.ts): a comment hidden by flags cannot be found by its words.
 */

/** Relevance order ranks at most this many matches, the newest (see findPosts). */
export const RANK_CANDIDATES = 2000;
const SNIPPET = 180;
const START = "\u0002";
const STOP = "\u0003";
// Markdown links/images become their text and emphasis marks go before ts_headline cuts a fragment.
const MD_LINK = String.raw`!?\[([^]]*)\]\([^)]*\)`;
const MD_LINK_TEXT = String.raw`\1`;
const MD_MARKUP = "\\*\\*|__|~~|`+";

export type SearchField = "all" | "title" | "content";

const weightOf = (field: SearchField) => (field === "title" ? "A" : field === "content" ? "B" : "");

function postMatch(t: Terms, field: SearchField): SQL {
  const any: SQL[] = [];
  if (t.tsquery) any.push(sql`posts.search_tsv @@ to_tsquery('simple', ${t.tsquery})`);
  if (t.like && field !== "content") any.push(sql`posts.title ${t.likeOp} ${t.like}`);
  if (t.like && field !== "title") any.push(sql`posts.content ${t.likeOp} ${t.like}`);
  return any.length ? sql`(${sql.join(any, sql` or `)})` : sql`false`;
}

/**
 * Full-text rank plus a bonus when the title holds the keyword as typed. A content substring earns
 * nothing extra: every candidate matched somewhere, and testing each candidate's body again would cost
 * another pass over up to RANK_CANDIDATES bodies.
 */
function postRank(t: Terms, field: SearchField): SQL {
  const parts: SQL[] = [];
  if (t.tsquery) parts.push(sql`ts_rank(posts.search_tsv, to_tsquery('simple', ${t.tsquery}))`);
  if (t.titleLike && field !== "content") parts.push(sql`(case when posts.title ${t.likeOp} ${t.titleLike} then 0.5 else 0 end)`);
  return parts.length ? sql.join(parts, sql` + `) : sql`0`;
}

function filters(viewer: Viewer | null, q: SearchPostsQuery): SQL[] {
  const where: SQL[] = [visiblePostsWhere(viewer, { publishedOnly: true })];
  if (q.categoryId !== undefined) where.push(sql`posts.category_id = ${q.categoryId}`);
  for (const tagId of new Set(q.tagIds)) {
    where.push(sql`exists (select 1 from post_tags pt where pt.post_id = posts.id and pt.tag_id = ${tagId})`);
  }
  if (q.author) where.push(sql`posts.author_id = (select u.id from users u where lower(u.username) = lower(${q.author}))`);
  if (q.from) where.push(sql`posts.created_at >= ${q.from.toISOString()}`);
  if (q.to) where.push(sql`posts.created_at <= ${q.to.toISOString()}`);
  return where;
}

type Hit = { id: number; title: string; hl: string | null; content_start: string };

async function findPosts(viewer: Viewer | null, q: SearchPostsQuery, field: SearchField): Promise<{ hits: Hit[]; terms: Terms }> {
  const terms = parseTerms(q.keyword, weightOf(field));
  const where = filters(viewer, q);
  const headline = terms.tsquery
    ? sql`ts_headline('simple',
        regexp_replace(regexp_replace(left(m.content, 20000), ${MD_LINK}, ${MD_LINK_TEXT}, 'g'), ${MD_MARKUP}, '', 'g'),
        to_tsquery('simple', ${terms.tsquery}),
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=40, MinWords=20, MaxFragments=1, FragmentDelimiter=" … "`})`
    : sql`null`;
  // Relevance ranks the RANK_CANDIDATES newest matches (a common word matches most of the table:
  // ranking all of it would cost a full scan per query), computing the rank in the same pass that
  // finds them and sorting only (id, time, rank): the page's 20 rows are read again for their text
  // (sorting candidates with their bodies spilled to disk). Newest pages walk the whole match set.
  // A CJK keyword's matches all come from one bitmap scan of the GIN index (10,000 posts for a phrase
  // held by 1% of a million): ranking them all in that pass costs more than finding them, so the newest
  // RANK_CANDIDATES are taken first and only those ranked, their rows read again by their ctid (the
  // same row versions, in the same snapshot). A spaced-script word walks the newest posts instead,
  // where ranking in the same pass is cheaper than reading 2,000 rows twice. At 1M posts: 数据库的设计
  // 21-25 -> 17-19 ms; lorem stays 5 ms (bench/results/search-1m-2026-11-28b.txt).
  const candidates = (match: SQL, rank: SQL) =>
    terms.cjk
      ? sql`
        select c.id, c.created_at, ${rank} as rank
        from (
          select posts.ctid as row_id, posts.id, posts.created_at from posts
          where ${match} and ${sql.join(where, sql` and `)}
          order by posts.created_at desc, posts.id desc limit ${RANK_CANDIDATES}
        ) c
        join posts on posts.ctid = c.row_id`
      : sql`
        select posts.id, posts.created_at, ${rank} as rank from posts
        where ${match} and ${sql.join(where, sql` and `)}
        order by posts.created_at desc, posts.id desc limit ${RANK_CANDIDATES}`;
  const offset = q.page * q.pageSize;
  const page = (match: SQL, rank: SQL) =>
    q.sort === "newest"
      ? sql`
    select m.id, m.title, ${headline} as hl, left(m.content, 2000) as content_start
    from (
      select posts.id, posts.title, posts.content, posts.created_at from posts
      where ${match} and ${sql.join(where, sql` and `)}
      order by posts.created_at desc, posts.id desc limit ${q.pageSize} offset ${offset}
    ) m
    order by m.created_at desc, m.id desc`
      : sql`
    select m.id, m.title, ${headline} as hl, left(m.content, 2000) as content_start
    from (
      select c.id, c.created_at, c.rank
      from (${candidates(match, rank)}) c
      order by c.rank desc, c.created_at desc, c.id desc limit ${q.pageSize} offset ${offset}
    ) top
    join posts m on m.id = top.id
    order by top.rank desc, top.created_at desc, top.id desc`;

  const hits = await planned<Hit>(page(postMatch(terms, field), postRank(terms, field)));
  return { hits, terms };
}

/** The content snippet: ts_headline's fragment when the full-text query matched, else the text around the substring. */
function contentSnippet(h: Hit, keyword: string): string {
  if (h.hl && h.hl.includes(START)) {
    const text = plainText(h.hl);
    const escaped = text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
    return escaped.split(START).join("<mark>").split(STOP).join("</mark>");
  }
  return highlight(plainText(h.content_start), keyword, { snippet: SNIPPET });
}

async function toPosts(viewer: Viewer | null, hits: Hit[], keyword: string): Promise<SearchPostDto[]> {
  const posts = await loadPosts(
    hits.map((h) => h.id),
    viewer,
    { cache: true },
  );
  const byId = new Map(hits.map((h) => [h.id, h]));
  return posts.map((p) => {
    const h = byId.get(p.id)!;
    return { ...p, highlightedTitle: highlight(h.title, keyword), highlightedContent: contentSnippet(h, keyword) };
  });
}

export type PostSearchOutcome = {
  posts: SearchPostDto[];
  /** The keyword the posts were found with when the one asked found nothing (its unknown words corrected). */
  correctedKeyword: string | null;
};

/**
 * Posts for a keyword; when its first page finds nothing and `exact` is not asked, the keyword with its
 * unknown words corrected (correct.ts), kept only if it finds something this caller may see.
 * `wordsChecked`: the caller has checked the words against the vocabulary (fullTextWordCheck) already.
 */
export async function searchPostsCorrected(
  viewer: Viewer | null,
  q: SearchPostsQuery,
  opts: { field?: SearchField; exact?: boolean; wordsChecked?: boolean } = {},
): Promise<PostSearchOutcome> {
  const field = opts.field ?? "all";
  // A word in no text: nothing matches, and the vocabulary's answer already holds the correction.
  const check = opts.wordsChecked ? null : await fullTextWordCheck(q.keyword);
  const none = check !== null && !check.allKnown;
  const { hits } = none ? { hits: [] } : await findPosts(viewer, q, field);
  if (hits.length || q.page > 0 || opts.exact) return { posts: await toPosts(viewer, hits, q.keyword), correctedKeyword: null };
  const corrected = check ? check.corrected : await correctKeyword(q.keyword);
  if (!corrected) return { posts: [], correctedKeyword: null };
  const again = await findPosts(viewer, { ...q, keyword: corrected }, field);
  if (!again.hits.length) return { posts: [], correctedKeyword: null };
  return { posts: await toPosts(viewer, again.hits, corrected), correctedKeyword: corrected };
}

/** GET /api/search/posts (and /title, /content): Post objects, best first (or newest), with highlights; typos corrected when nothing matches. */
export async function searchPosts(
  viewer: Viewer | null,
  { field = "all", ...q }: SearchPostsQuery & { field?: SearchField },
): Promise<SearchPostDto[]> {
  return (await searchPostsCorrected(viewer, q, { field })).posts;
}

/** How many posts match with the same filters (at most `cap`: counting every match of a common word would read them all). */
export async function countPosts(viewer: Viewer | null, q: SearchPostsQuery, cap: number): Promise<number> {
  const terms = parseTerms(q.keyword);
  const [row] = await planned<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from posts where ${postMatch(terms, "all")} and ${sql.join(filters(viewer, q), sql` and `)} limit ${cap}
    ) x`);
  return row?.n ?? 0;
}

type UserRow = {
  id: number;
  username: string;
  avatar: string;
  display_medal: MedalType | null;
  earned_medal: MedalType | null;
  bot: boolean;
  introduction: string;
  display_name: string | null;
};

/** Deleted accounts (`deleted-<id>`, lib/deleted-member.ts) are found by no member search or suggestion. */
const notDeletedSql = (username: SQL) => sql`${username} !~* '^deleted-[0-9]+$'`;

/** GET /api/search/users: usernames containing the keyword, exact and prefix matches first, then similar ones. */
export async function searchUsers(keyword: string, limit = 20): Promise<SearchUserDto[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const rows = await planned<UserRow>(sql`
    select id, username, avatar, display_medal, earned_medal, bot, introduction, display_name
    from users
    where (username ilike ${like} or (char_length(${keyword}) >= ${MIN_SUBSTRING} and ${keyword} <% username))
      and ${notDeletedSql(sql`username`)}
    order by (lower(username) = lower(${keyword})) desc, (username ilike ${keyword.replace(/[\\%_]/g, (c) => "\\" + c) + "%"}) desc,
             word_similarity(${keyword}, username) desc, username
    limit ${limit}`);
  return rows.map((r) => ({
    ...userSummary({
      id: r.id,
      username: r.username,
      avatar: r.avatar,
      displayMedal: r.display_medal,
      earnedMedal: r.earned_medal,
      bot: r.bot,
      displayName: r.display_name,
    }),
    introduction: r.introduction,
    highlightedUsername: highlight(r.username, keyword),
  }));
}

export async function searchTaxonomy(table: "categories" | "tags", keyword: string, limit: number): Promise<SearchResultDto[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const t = sql.raw(table);
  const rows = await planned<{ id: number; name: string; description: string }>(sql`
    select id, name, description from ${t}
    where name ilike ${like} or description ilike ${like} or (char_length(${keyword}) >= ${MIN_SUBSTRING} and ${keyword} <% name)
    order by (name ilike ${like}) desc, word_similarity(${keyword}, name) desc, name
    limit ${limit}`);
  return rows.map((r) => ({
    type: table === "categories" ? ("category" as const) : ("tag" as const),
    id: r.id,
    text: r.name,
    subText: r.description,
    extra: null,
    postId: null,
    highlightedText: highlight(r.name, keyword),
    highlightedSubText: highlight(r.description, keyword, { snippet: SNIPPET }),
  }));
}

/** Per type, at most this many hits in GET /api/search/global. */
export const GLOBAL_LIMITS = { post: 8, comment: 5, user: 5, category: 3, tag: 5 } as const;

/** GET /api/search/global: typed hits (posts, comments, users, categories, tags), each type best first. */
export async function searchGlobal(viewer: Viewer | null, { keyword }: { keyword: string }): Promise<SearchResultDto[]> {
  const q: SearchPostsQuery = { keyword, page: 0, pageSize: GLOBAL_LIMITS.post, tagIds: [], sort: "relevance" };
  const [posts, commentHits, users, categories, tags] = await Promise.all([
    findPosts(viewer, q, "all"),
    searchComments(viewer, keyword, GLOBAL_LIMITS.comment),
    searchUsers(keyword, GLOBAL_LIMITS.user),
    searchTaxonomy("categories", keyword, GLOBAL_LIMITS.category),
    searchTaxonomy("tags", keyword, GLOBAL_LIMITS.tag),
  ]);
  const postHits: SearchResultDto[] = posts.hits.map((h) => ({
    type: "post",
    id: h.id,
    text: h.title,
    subText: plainText(h.content_start).slice(0, SNIPPET),
    extra: null,
    postId: h.id,
    highlightedText: highlight(h.title, keyword),
    highlightedSubText: contentSnippet(h, keyword),
  }));
  const userHits: SearchResultDto[] = users.map((u) => ({
    type: "user",
    id: u.id,
    text: u.username,
    subText: u.introduction || null,
    extra: u.avatar,
    postId: null,
    highlightedText: u.highlightedUsername,
    highlightedSubText: u.introduction ? highlight(u.introduction, keyword, { snippet: SNIPPET }) : null,
  }));
  return [...postHits, ...commentHits, ...userHits, ...categories, ...tags];
}

/**
 * Members whose name starts with `prefix` (case-insensitive), for `@` suggestions in the composer: the
 * post's author and commenters first when `postId` names a post the caller may see (otherwise the
 * thread is ignored, so a hidden post's participants do not leak), then everyone else, by name.
 * Two index range scans on lower(username) (text_pattern_ops), whatever the number of members.
 */
export async function suggestUsers(
  viewer: Viewer | null,
  a: { prefix: string; postId?: number; limit: number },
): Promise<UserSuggestionDto[]> {
  const like = `${a.prefix.toLowerCase().replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const visible = sql`select posts.author_id from posts where posts.id = ${a.postId ?? 0} and ${visiblePostsWhere(viewer)}`;
  const thread = a.postId
    ? sql`select author_id as id from (${visible}) v
          union select c.author_id from comments c where c.post_id = ${a.postId} and c.deleted_at is null and exists (${visible})`
    : sql`select null::int as id where false`;
  const rows = await planned<UserRow & { in_thread: boolean }>(sql`
    with thread as (${thread}),
    near as (
      select u.id, u.username, u.avatar, u.display_medal, u.earned_medal, u.bot, u.introduction, u.display_name, true as in_thread
      from users u where u.id in (select id from thread) and lower(u.username) like ${like} and ${notDeletedSql(sql`u.username`)}
      order by lower(u.username) limit ${a.limit}
    ),
    rest as (
      select u.id, u.username, u.avatar, u.display_medal, u.earned_medal, u.bot, u.introduction, u.display_name, false as in_thread
      from users u where lower(u.username) like ${like} and u.id not in (select id from near) and ${notDeletedSql(sql`u.username`)}
      order by lower(u.username) limit ${a.limit}
    )
    select * from (select * from near union all select * from rest) both_
    order by in_thread desc, lower(username)
    limit ${a.limit}`);
  return rows.map((r) => ({
    ...userSummary({
      id: r.id,
      username: r.username,
      avatar: r.avatar,
      displayMedal: r.display_medal,
      earnedMedal: r.earned_medal,
      bot: r.bot,
      displayName: r.display_name,
    }),
    inThread: r.in_thread,
  }));
}
