import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows } from "@/db";
import { userSummary } from "@/lib/services/dto";
import { visiblePostsWhere } from "@/lib/permissions";
import { readableCommentsWhere } from "@/lib/services/comments/visibility";
import { loadPosts } from "@/lib/services/posts/loader";
import { highlight, keywordTokens, plainText, SPACED_WORD } from "@/lib/search-text";
import type { SearchPostDto, SearchPostsQuery, SearchResultDto, SearchUserDto, UserSuggestionDto } from "@/lib/validation/search";
import { comments, type MedalType } from "@/db/schema";
import type { Viewer } from "@/lib/viewer";

/**
 * Search on Postgres alone (issue 19). Three ways a post matches, any of them:
 * - full text: `posts.search_tsv` (a generated column: title weight A, content B, 'simple' config so
 *   every language tokenizes alike) against the keyword's words, the last one as a prefix;
 * - substring: `ILIKE '%keyword%'` on title and content through the trigram indexes, which finds text
 *   in languages written without spaces (`分布式` in `分布式数据库的设计`); from 3 characters on, since
 *   shorter patterns cannot use a trigram index;
 * - only when neither finds anything: trigram word similarity to titles (small typos), threshold TYPO_THRESHOLD.
 * Relevance order ranks the RANK_CANDIDATES newest matches (ts_rank plus a bonus for the keyword in
 * the title), so a word found in most posts costs no more than a rare one.
 * Visibility is the list rule (`visiblePostsWhere(viewer, { publishedOnly: true })`): comments are
 * searched only on posts the caller may list, and only those whose text the caller may read
 * (comment-visibility.ts): a comment hidden by flags cannot be found by its words.
 */

const TYPO_THRESHOLD = 0.5;
/** Relevance order ranks at most this many matches, the newest (see findPosts). */
export const RANK_CANDIDATES = 2000;
/** Substring matching needs a pattern the trigram index can use. */
const MIN_SUBSTRING = 3;
const SNIPPET = 180;
const START = "\u0002";
const STOP = "\u0003";
// Markdown links/images become their text and emphasis marks go before ts_headline cuts a fragment.
const MD_LINK = String.raw`!?\[([^]]*)\]\([^)]*\)`;
const MD_LINK_TEXT = String.raw`\1`;
const MD_MARKUP = "\\*\\*|__|~~|`+";

export type SearchField = "all" | "title" | "content";

/** `likeOp`: `ilike`, or `like` when the keyword has no letter with a case (CJK, digits), where both
 * match the same rows and `like` skips lower-casing every text it tests (half the time of a CJK search). */
type Terms = { keyword: string; tsquery: string | null; like: string | null; likeOp: SQL };

/**
 * Whether the trigram indexes can serve the keyword as a substring: it needs a run of 3 letters or
 * digits (pg_trgm takes its trigrams from such runs; `!!!` or `a-b` would read every row).
 */
const INDEXABLE_RUN = new RegExp(`[\\p{L}\\p{N}]{${MIN_SUBSTRING}}`, "u");
const indexableSubstring = (keyword: string) => INDEXABLE_RUN.test(keyword);

/**
 * How a keyword is matched. `tsquery`: its words (each quoted, the last one a prefix; `weight` limits
 * to title A or content B). `like`: the keyword as a substring (3 characters or more). Two cases take
 * one of them only, because the other adds no post and costs the most:
 * - only words of scripts written without spaces (`数据库的设计`): substring only. Full text sees a whole
 *   run of such text as one word, so it could only match runs that start with the keyword, which the
 *   substring also finds; and its row estimate for such a prefix is a guess that can steer the
 *   planner to reading the newest posts one by one (1.1 s at 1M posts instead of 25 ms).
 * - several words of spaced scripts (`question fe7ecc4d`): words only. Every post holding the words as
 *   a phrase also holds each word, and a phrase's trigrams ("que", "ues", …) are in most bodies
 *   (27 ms → 3 ms at 1M posts).
 */
export function parseTerms(keyword: string, weight = ""): Terms {
  const tokens = keywordTokens(keyword);
  const spaced = tokens.filter((t) => SPACED_WORD.test(t)).length;
  const wordsOnly = tokens.length >= 2 && spaced === tokens.length;
  const substringOnly = tokens.length > 0 && spaced === 0;
  const tsquery =
    tokens.length && !substringOnly ? tokens.map((t, i) => `'${t}':${i === tokens.length - 1 ? "*" : ""}${weight}`).join(" & ") : null;
  const like = indexableSubstring(keyword) && !wordsOnly ? `%${keyword.replace(/[\\%_]/g, (c) => "\\" + c)}%` : null;
  const likeOp = sql.raw(keyword.toLowerCase() === keyword.toUpperCase() ? "like" : "ilike");
  return { keyword, tsquery, like, likeOp };
}

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
  if (t.like && field !== "content") parts.push(sql`(case when posts.title ${t.likeOp} ${t.like} then 0.5 else 0 end)`);
  return parts.length ? sql.join(parts, sql` + `) : sql`0`;
}

function typoMatch(keyword: string, field: SearchField): { where: SQL; rank: SQL } {
  // Titles only, unless searching contents: a keyword's trigrams are common in long bodies, and
  // rechecking the similarity of thousands of bodies costs far more than the typo is worth.
  if (field === "content") return { where: sql`${keyword} <% posts.content`, rank: sql`word_similarity(${keyword}, posts.content)` };
  return { where: sql`${keyword} <% posts.title`, rank: sql`word_similarity(${keyword}, posts.title)` };
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

/**
 * Runs a search statement inside a transaction. On the Postgres server, statements with parameters
 * outside a transaction become prepared statements (db/index.ts), and after a few runs Postgres may
 * switch them to a generic plan that ignores the keyword (a common and a rare word need opposite
 * plans: measured 490 ms instead of 30 ms at 100k posts). In a transaction they are planned per call.
 */
function planned<T>(query: SQL): Promise<T[]> {
  return db.transaction((tx) => rawRows<T>(tx, query));
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
      from (
        select posts.id, posts.created_at, ${rank} as rank from posts
        where ${match} and ${sql.join(where, sql` and `)}
        order by posts.created_at desc, posts.id desc limit ${RANK_CANDIDATES}
      ) c
      order by c.rank desc, c.created_at desc, c.id desc limit ${q.pageSize} offset ${offset}
    ) top
    join posts m on m.id = top.id
    order by top.rank desc, top.created_at desc, top.id desc`;

  const hits = await db.transaction(async (tx) => {
    const exact = await rawRows<Hit>(tx, page(postMatch(terms, field), postRank(terms, field)));
    if (exact.length || q.page > 0 || !indexableSubstring(q.keyword)) return exact;
    // Nothing matched exactly: small typos, by trigram word similarity (the GIN trigram indexes serve `<%`).
    const typo = typoMatch(q.keyword, field);
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`));
    return rawRows<Hit>(tx, page(typo.where, typo.rank));
  });
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

/** GET /api/search/posts (and /title, /content): Post objects, best first (or newest), with highlights. */
export async function searchPosts(viewer: Viewer | null, q: SearchPostsQuery, field: SearchField = "all"): Promise<SearchPostDto[]> {
  const { hits } = await findPosts(viewer, q, field);
  const posts = await loadPosts(
    hits.map((h) => h.id),
    viewer,
    { cache: true },
  );
  const byId = new Map(hits.map((h) => [h.id, h]));
  return posts.map((p) => {
    const h = byId.get(p.id)!;
    return { ...p, highlightedTitle: highlight(h.title, q.keyword), highlightedContent: contentSnippet(h, q.keyword) };
  });
}

type UserRow = {
  id: number;
  username: string;
  avatar: string;
  display_medal: MedalType | null;
  earned_medal: MedalType | null;
  bot: boolean;
  introduction: string;
};

/** GET /api/search/users: usernames containing the keyword, exact and prefix matches first, then similar ones. */
export async function searchUsers(keyword: string, limit = 20): Promise<SearchUserDto[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const rows = await planned<UserRow>(sql`
    select id, username, avatar, display_medal, earned_medal, bot, introduction
    from users
    where username ilike ${like} or (char_length(${keyword}) >= ${MIN_SUBSTRING} and ${keyword} <% username)
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
    }),
    introduction: r.introduction,
    highlightedUsername: highlight(r.username, keyword),
  }));
}

/** `c` in the comment search's SQL, for the comment rule's columns. */
const c = alias(comments, "c");

/** Comments the caller may read on posts they may list, matching by full text or substring. */
async function searchComments(viewer: Viewer | null, keyword: string, limit: number): Promise<SearchResultDto[]> {
  const t = parseTerms(keyword);
  const any: SQL[] = [];
  if (t.tsquery) any.push(sql`c.search_tsv @@ to_tsquery('simple', ${t.tsquery})`);
  if (t.like) any.push(sql`c.content ${t.likeOp} ${t.like}`);
  if (!any.length) return [];
  // (`0::real`, not `0`: "order by 0" would name a column by position.)
  const rank = t.tsquery ? sql`ts_rank(c.search_tsv, to_tsquery('simple', ${t.tsquery}))` : sql`0::real`;
  // Two bounded steps, since neither plan suits every word and the planner cannot tell them apart
  // when it guesses a prefix's frequency: first the newest RANK_CANDIDATES comments, read one by one
  // (a common word is found there: "reply" matches all 10.8M comments of the 1M bench and took 10.7 s
  // to rank them all); only when they hold fewer than `limit` matches, every match through the indexes
  // (a rare or absent word, where reading comments in order could mean reading them all: 9 s).
  // The post and author are looked up per matching comment (lateral, `offset 0` keeps them apart): with
  // plain joins a guessed 200k matches made the planner hash the whole posts table (800 ms for 1 match).
  const select = (from: SQL) => sql`
    select c.id, c.post_id, left(c.content, 2000) as content, p.title, u.username
    from ${from} c
    cross join lateral (
      select posts.title from posts where posts.id = c.post_id and ${visiblePostsWhere(viewer, { publishedOnly: true })} offset 0
    ) p
    cross join lateral (select users.username from users where users.id = c.author_id offset 0) u
    where ${readableCommentsWhere(viewer, c)} and (${sql.join(any, sql` or `)})
    order by ${rank} desc, c.created_at desc, c.id desc
    limit ${limit}`;
  type Row = { id: number; post_id: number; content: string; title: string; username: string };
  const newest = await planned<Row>(select(sql`(select * from comments order by id desc limit ${RANK_CANDIDATES})`));
  const rows = newest.length >= limit ? newest : await planned<Row>(select(sql`comments`));
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

async function searchTaxonomy(table: "categories" | "tags", keyword: string, limit: number): Promise<SearchResultDto[]> {
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
export async function searchGlobal(viewer: Viewer | null, keyword: string): Promise<SearchResultDto[]> {
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
      select u.id, u.username, u.avatar, u.display_medal, u.earned_medal, u.bot, u.introduction, true as in_thread
      from users u where u.id in (select id from thread) and lower(u.username) like ${like}
      order by lower(u.username) limit ${a.limit}
    ),
    rest as (
      select u.id, u.username, u.avatar, u.display_medal, u.earned_medal, u.bot, u.introduction, false as in_thread
      from users u where lower(u.username) like ${like} and u.id not in (select id from near)
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
    }),
    inThread: r.in_thread,
  }));
}
