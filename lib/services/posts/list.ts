// Lists of posts: the id pages of GET /api/posts and the home tabs, recent posts, the review queue.
import "server-only";
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { readDb, type ReadFrom } from "@/db/replicas";
import { posts, postTags } from "@/db/schema";
import { visiblePostsWhere } from "@/lib/permissions";
import { loadPosts } from "@/lib/services/posts/loader";
import { notMutedWhere } from "@/lib/services/shared/watchers";
import type { PostDto } from "@/lib/validation/responses";
import type { ListPostsQuery } from "@/lib/validation/posts";
import type { Viewer } from "@/lib/viewer";
import { asReviewer, reviewScope } from "@/lib/permissions/category-moderators";

/** Cap of GET /api/posts/recent (docs/api.md §4). */
export const RECENT_CAP = 500;

/** List orders: newest, newest reply, featured (newest), most viewed (OpenIsle's ranking tab). */
export type PostOrder = "created" | "latestReply" | "featured" | "views";

/** A page of post ids in list order (with creation times for the time-window lists). */
export type PostPage = { ids: number[]; createdAt?: Date[] };

function filterWhere(viewer: Viewer | null, q: Pick<ListPostsQuery, "categoryIds" | "tagIds">): SQL[] {
  const where: SQL[] = [visiblePostsWhere(viewer, { publishedOnly: true })];
  if (q.categoryIds.length) where.push(inArray(posts.categoryId, q.categoryIds));
  const tagIds = [...new Set(q.tagIds)];
  if (tagIds.length) {
    // AND: the post carries every listed tag (an unknown tag id matches nothing). One EXISTS per tag
    // lets the planner either walk the list index probing post_tags' primary key (common tags) or
    // start from the rarest tag's posts (rare tags), instead of grouping every tagged post.
    for (const tagId of tagIds) {
      where.push(sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${tagId})`);
    }
  }
  return where;
}

/**
 * The page of ids for GET /api/posts and the home tabs: one query (visibility and filters included).
 * `hideMutedOf`: a member's own home list, without the posts of categories and tags they muted.
 */
export async function listPostIds(
  viewer: Viewer | null,
  {
    order = "created",
    extra = 0,
    hideMutedOf = null,
    readFrom,
    ...q
  }: ListPostsQuery & { order?: PostOrder; extra?: number; hideMutedOf?: number | null; readFrom?: ReadFrom },
): Promise<PostPage> {
  const where = filterWhere(viewer, q);
  if (hideMutedOf !== null) where.push(notMutedWhere(hideMutedOf));
  if (order === "featured") where.push(eq(posts.rssExcluded, false));
  const pinned = sql`${posts.pinnedAt} desc nulls last`;
  const orderBy =
    order === "latestReply"
      ? [pinned, desc(posts.lastReplyAt), desc(posts.id)]
      : order === "views"
        ? [pinned, desc(posts.views), desc(posts.createdAt), desc(posts.id)]
        : [pinned, desc(posts.createdAt), desc(posts.id)];
  // A public list may be a little stale: the caller says whether a replica may answer (db/replicas.ts).
  const rows = await readDb(readFrom)
    .select({ id: posts.id })
    .from(posts)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(q.pageSize + extra)
    .offset(q.page * q.pageSize);
  return { ids: rows.map((r) => r.id) };
}

/**
 * A page of the server-rendered lists and whether another follows: one more id is read than shown,
 * so "Older" is offered only when there is an older post (never a page past the end).
 */
export async function listPostsPage(
  viewer: Viewer | null,
  q: ListPostsQuery & { order?: PostOrder; hideMutedOf?: number | null; readFrom?: ReadFrom },
): Promise<{ posts: PostDto[]; hasMore: boolean }> {
  const { ids } = await listPostIds(viewer, { ...q, extra: 1 });
  return { posts: await loadPosts(ids.slice(0, q.pageSize), viewer, { cache: true }), hasMore: ids.length > q.pageSize };
}

/** GET /api/posts/recent: posts created in the last `minutes`, list order, at most RECENT_CAP. */
export function recentWindow(minutes: number) {
  return { since: new Date(Date.now() - minutes * 60_000), cap: RECENT_CAP };
}

export async function listRecentPostIds(viewer: Viewer | null, { since }: { since: Date }): Promise<PostPage> {
  const rows = await db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(visiblePostsWhere(viewer, { publishedOnly: true }), gte(posts.createdAt, since)))
    .orderBy(sql`${posts.pinnedAt} desc nulls last`, desc(posts.createdAt), desc(posts.id))
    .limit(RECENT_CAP);
  return { ids: rows.map((r) => r.id), createdAt: rows.map((r) => r.createdAt) };
}

/** GET /api/admin/posts/pending (moderators): PENDING posts, oldest first. */
export async function listPendingPosts(viewer: Viewer | null, { page, pageSize }: { page: number; pageSize: number }): Promise<PostDto[]> {
  // Staff: every pending post; a category moderator: those of their categories (issue 57), 403 otherwise.
  const scope = await reviewScope(viewer, db);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.status, "PENDING"), scope ? inArray(posts.categoryId, scope) : undefined))
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(pageSize)
    .offset(page * pageSize);
  return loadPosts(
    rows.map((r) => r.id),
    asReviewer(viewer!),
  );
}

/** How many posts await review (the staff header badge and the review page), of the viewer's scope (`reviewScope`). */
export async function countPendingPosts(viewer: Viewer | null, scope?: number[] | null): Promise<number> {
  const within = scope === undefined ? await reviewScope(viewer, db) : scope;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.status, "PENDING"), within ? inArray(posts.categoryId, within) : undefined));
  return row?.n ?? 0;
}
