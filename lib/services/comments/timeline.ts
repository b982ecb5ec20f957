import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { comments, postChangeLogs, posts, reactions } from "@/db/schema";
import { iso } from "@/lib/services/dto";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost } from "@/lib/permissions";
import { loadChangeLogsByIds } from "@/lib/services/shared/change-logs";
import { loadCommentTreesByIds } from "@/lib/services/comments/comments";
import type { CommentSort, TimelineItemDto } from "@/lib/validation/openisle/compat";
import type { Viewer } from "@/lib/viewer";

/**
 * OpenIsle's comment timeline (CommentController.listComments, GET /api/posts/{id}/comments?sort=…):
 * the post's top-level comments (each with its nested replies) and its change-log entries in one list
 * of `{id, kind: "comment" | "log", createdAt, pinnedAt, payload}`, pinned comments first (newest pin
 * first), then by time, oldest first (OLDEST) or newest first (NEWEST); paged after the merge
 * (`page` 0-based, `pageSize` items of either kind). A comment's own edits are listed with it, not here.
 *
 * MOST_INTERACTIONS orders the unpinned items by reactions plus direct replies (a log entry has none),
 * then oldest first. OpenIsle sorts its comments that way but then sorts the merged list by time again,
 * so its answer is the OLDEST one; its client does not offer this sort.
 *
 * Three queries whatever the page size: the page's ids (one statement over both tables, ordered and
 * paged in Postgres), its comments with their replies and reactions (lib/services/comments/comments.ts), its
 * log entries (lib/services/shared/change-logs.ts). A post the caller may not see is a 404, as everywhere.
 */
export async function listTimeline(
  viewer: Viewer | null,
  { postId, ...opts }: { postId: number; sort: CommentSort; page: number; pageSize: number },
): Promise<TimelineItemDto[]> {
  const [post] = await db
    .select({ authorId: posts.authorId, status: posts.status, visibleScope: posts.visibleScope, categoryId: posts.categoryId })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);

  const interactions =
    opts.sort === "MOST_INTERACTIONS"
      ? sql`(select count(*) from ${reactions} r where r.comment_id = c.id) + (select count(*) from ${comments} k where k.parent_id = c.id)`
      : sql`0`;
  const time = opts.sort === "NEWEST" ? sql`created_at desc` : sql`created_at asc`;
  const rows = await rawRows<{ kind: "comment" | "log"; id: number }>(
    db,
    sql`
    select kind, id from (
      select 'comment' as kind, c.id, c.created_at, c.pinned_at, ${interactions} as interactions
        from ${comments} c where c.post_id = ${postId} and c.parent_id is null
      union all
      select 'log', l.id, l.created_at, null, 0
        from ${postChangeLogs} l where l.post_id = ${postId} and l.comment_id is null
    ) t
    order by pinned_at desc nulls last, interactions desc, ${time}, kind, id
    limit ${opts.pageSize} offset ${opts.page * opts.pageSize}`,
  );

  const commentIds = rows.filter((r) => r.kind === "comment").map((r) => Number(r.id));
  const logIds = rows.filter((r) => r.kind === "log").map((r) => Number(r.id));
  const [trees, logs] = await Promise.all([loadCommentTreesByIds(commentIds, viewer), loadChangeLogsByIds(postId, logIds)]);
  const commentById = new Map(trees.map((c) => [c.id, c]));
  const logById = new Map(logs.map((l) => [l.id, l]));
  const items: TimelineItemDto[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    if (r.kind === "comment") {
      const c = commentById.get(id);
      if (c) items.push({ id, kind: "comment", createdAt: c.createdAt, pinnedAt: c.pinnedAt, payload: c });
    } else {
      const l = logById.get(id);
      if (l) items.push({ id, kind: "log", createdAt: iso(l.time)!, pinnedAt: null, payload: l });
    }
  }
  return items;
}
