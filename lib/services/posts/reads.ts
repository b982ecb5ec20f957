import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { posts } from "@/db/schema";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";

/**
 * Unread tracking. `post_reads` remembers, per member and post, when they last read it
 * and the newest comment then; `user_visits` the previous visit (posts created since are "new") and
 * "mark all read". List pages read all of it for a page of posts in the query that already reads the
 * viewer's subscriptions (post-loader's readViewerState): no query per post.
 */

/** A gap longer than this between two requests starts a new visit. */
export const VISIT_GAP_MINUTES = 30;

/**
 * Records that the member is here. A new visit (after VISIT_GAP_MINUTES away) moves the previous
 * visit mark forward; within a visit it only refreshes `last_seen_at`, at most once a minute.
 */
export async function touchVisit(viewer: Pick<Viewer, "id">): Promise<void> {
  const userId = viewer.id;
  await db.execute(sql`
    insert into user_visits (user_id, last_seen_at, previous_visit_at) values (${userId}, now(), now())
    on conflict (user_id) do update set
      previous_visit_at = case when user_visits.last_seen_at < now() - make_interval(mins => ${VISIT_GAP_MINUTES})
                               then user_visits.last_seen_at else user_visits.previous_visit_at end,
      last_seen_at = now()
    where user_visits.last_seen_at < now() - interval '1 minute'`);
}

/**
 * Marks the post read up to now (or up to the comment `upTo`, the newest one the page showed: a
 * comment posted between the page's render and this call stays new; a read never moves back) and
 * returns the first comment that was unread before (by others, not deleted), or null when the member
 * had never opened it or had read everything. One statement.
 */
export async function markPostRead(userId: number, postId: number, upTo?: number): Promise<{ firstUnreadCommentId: number | null }> {
  // Read up to `upTo` (the newest comment the page showed): the first comment after it, if any, stays new
  // (times are kept to the millisecond, so just before it by one).
  const readAt =
    upTo === undefined
      ? sql`now()`
      : sql`coalesce((select min(created_at) - interval '1 millisecond' from comments where post_id = ${postId} and id > ${upTo}), now())`;
  const lastId =
    upTo === undefined
      ? sql`(select max(id) from comments where post_id = ${postId})`
      : sql`(select max(id) from comments where post_id = ${postId} and id <= ${upTo})`;
  const [row] = await rawRows<{ first: number | null }>(
    db,
    sql`
    with prev as (
      select greatest(pr.last_read_at, (select v.all_read_at from user_visits v where v.user_id = ${userId})) as at
      from post_reads pr where pr.user_id = ${userId} and pr.post_id = ${postId}
    ), up as (
      insert into post_reads (user_id, post_id, last_read_at, last_comment_id)
      values (${userId}, ${postId}, ${readAt}, ${lastId})
      on conflict (user_id, post_id) do update set
        last_read_at = greatest(post_reads.last_read_at, excluded.last_read_at),
        last_comment_id = greatest(post_reads.last_comment_id, excluded.last_comment_id)
    )
    select (select min(c.id) from comments c, prev
            where c.post_id = ${postId} and c.created_at > prev.at and c.author_id <> ${userId} and c.deleted_at is null) as first`,
  );
  return { firstUnreadCommentId: row?.first ?? null };
}

/** The newest comment of a post (any state), or 0: how far a page that shows it now has been read. */
export async function newestCommentId(postId: number): Promise<number> {
  const [row] = await rawRows<{ last: number | null }>(db, sql`select max(id) as last from comments where post_id = ${postId}`);
  return Number(row?.last ?? 0);
}

/** The first comment by others since the member last read the post, without marking it read. */
export async function firstUnreadComment(userId: number, postId: number): Promise<{ firstUnreadCommentId: number | null }> {
  const [row] = await rawRows<{ first: number | null }>(
    db,
    sql`
    select min(c.id) as first
    from post_reads pr
    left join user_visits v on v.user_id = pr.user_id
    join comments c on c.post_id = pr.post_id
    where pr.user_id = ${userId} and pr.post_id = ${postId}
      and c.created_at > greatest(pr.last_read_at, v.all_read_at) and c.author_id <> ${userId} and c.deleted_at is null`,
  );
  return { firstUnreadCommentId: row?.first ?? null };
}

/** "Mark all read": every post counts as read, and nothing as new, up to now. */
export async function markAllRead(viewer: Pick<Viewer, "id">): Promise<{ allReadAt: string }> {
  const userId = viewer.id;
  const [row] = await rawRows<{ at: string | Date }>(
    db,
    sql`
    insert into user_visits (user_id, last_seen_at, all_read_at) values (${userId}, now(), now())
    on conflict (user_id) do update set all_read_at = now()
    returning all_read_at as at`,
  );
  return { allReadAt: new Date(row!.at).toISOString() };
}

/**
 * SQL for readViewerState: per post among `inIds` with something to show, `[postId, newComments,
 * isNew]`. newComments counts live comments by others since the member last read the post (only
 * posts they have opened), as the post's public comment count does: not deleted, not hidden (held for
 * review, hidden by flags or staff: lib/services/shared/comment-counts.ts); isNew marks posts by others created
 * since the previous visit and never opened.
 */
export function unreadStateSql(viewerId: number, inIds: ReturnType<typeof sql>) {
  return sql`(select json_agg(json_build_array(x.id, x.n, x.is_new)) from (
      select p.id,
        case when pr.post_id is null then 0 else (
          select count(*)::int from comments c
          where c.post_id = p.id and c.deleted_at is null and c.hidden_at is null and c.author_id <> ${viewerId}
            and c.created_at > greatest(pr.last_read_at, v.all_read_at)) end as n,
        (pr.post_id is null and p.author_id <> ${viewerId}
          and coalesce(p.created_at > greatest(v.previous_visit_at, v.all_read_at), false)) as is_new
      from posts p
      left join post_reads pr on pr.user_id = ${viewerId} and pr.post_id = p.id
      left join user_visits v on v.user_id = ${viewerId}
      where p.id ${inIds}
    ) x where x.n > 0 or x.is_new)`;
}

/** POST /api/posts/{id}/read: marks a post the viewer may see as read now, or up to `upTo` (404 otherwise). */
export async function readPost(
  viewer: Viewer,
  { postId, upTo }: { postId: number; upTo?: number },
): Promise<{ postId: number; read: true }> {
  const [post] = await db
    .select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  await markPostRead(viewer.id, postId, upTo);
  return { postId, read: true };
}
