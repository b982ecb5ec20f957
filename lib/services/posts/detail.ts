// One post as a reader opens it: the detail with its comments, and the view it counts.
import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import type { ReadFrom } from "@/db/replicas";
import { notifications, posts } from "@/db/schema";
import { notFound, msg } from "@/lib/errors";
import { assertCanSeePost, canSeePost } from "@/lib/permissions";
import { loadCommentTree } from "@/lib/services/comments/comments";
import { notify } from "@/lib/services/shared/notification-writer";
import { loadPost } from "@/lib/services/posts/loader";
import { firstUnreadComment, markPostRead, newestCommentId } from "@/lib/services/posts/reads";
import type { PostDetailDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";
import { accessColumns, accessRow } from "@/lib/services/posts/access";
import { assertCategoryVisible, canInCategory } from "@/lib/permissions/category-access";

/** A viewer's repeated views of a post within this window count once. */
export const VIEW_DEDUP_MINUTES = 30;

/** A reader as the edge saw it (lib/api/caller.ts `viewClient`): the client address and `Sec-Fetch-Dest`. */
export type ViewClient = { ip: string; fetchDest: string | null };

/**
 * The key that deduplicates views: the user id, else a hash of the client address alone (the
 * User-Agent is the client's to change, so it must not make a new viewer).
 */
export function viewerKey(viewer: Viewer | null, client?: ViewClient): string {
  if (viewer) return `u:${viewer.id}`;
  return viewerKeyForAddress(client?.ip ?? "unknown");
}

/** The view key of an anonymous visitor at this client address. */
export const viewerKeyForAddress = (ip: string) => "a:" + createHash("sha256").update(ip).digest("hex").slice(0, 32);

/**
 * Counts one view of a post by `key` (once per viewer per VIEW_DEDUP_MINUTES) and, for a signed-in
 * viewer who is not the author, replaces that viewer's POST_VIEWED to the author. Called by the post
 * detail and by the page cache when it serves a cached post page (lib/front/page-cache.ts).
 *
 * The view and the counter are one statement (one round trip, atomic); most views are repeats inside
 * the window and stop there. Only a counted view by another member writes the notification, in its own
 * transaction (the old one deleted and the new one inserted together): if that fails, the view stays
 * counted and the author keeps the previous notification.
 */
export async function countPostView(a: {
  id: number;
  authorId: number;
  viewer: Viewer | null;
  key: string;
}) /* authorId is only read for a signed-in viewer */ : Promise<void> {
  const { id, viewer } = a;
  const counted = await rawRows<{ id: number }>(
    db,
    sql`
    with counted as (
      insert into post_views (post_id, viewer_key, viewed_at) values (${id}, ${a.key}, now())
      on conflict (post_id, viewer_key) do update set viewed_at = now()
        where post_views.viewed_at < now() - make_interval(mins => ${VIEW_DEDUP_MINUTES})
      returning post_id
    )
    update ${posts} set views = ${posts.views} + 1 where ${posts.id} in (select post_id from counted) returning ${posts.id}`,
  );
  if (!counted.length || !viewer || viewer.id === a.authorId) return;
  await db.transaction(async (tx) => {
    await tx
      .delete(notifications)
      .where(and(eq(notifications.type, "POST_VIEWED"), eq(notifications.postId, id), eq(notifications.fromUserId, viewer.id)));
    await notify(tx, { userId: a.authorId, type: "POST_VIEWED", fromUserId: viewer.id, postId: id });
  });
}

/**
 * GET /api/posts/{id}: counts a view (once per viewer per 30 minutes) and, for a signed-in viewer who
 * is not the author, replaces that viewer's POST_VIEWED to the author; then the post with its comments.
 * For a signed-in viewer, the first unread comment; the post is marked read unless `markRead` is false
 * (pages: a <Link> prefetch renders them too, so the page marks it read from the browser instead).
 */
export async function getPostDetail(
  viewer: Viewer | null,
  a: { id: number; client?: ViewClient; markRead?: boolean; shared?: boolean; readFrom?: ReadFrom },
): Promise<PostDetailDto> {
  const { id } = a;
  const post = await accessRow(db, id);
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  // A page members share (lib/front/page-cache.ts) is read as nobody in particular: no view, no read
  // mark (GET /api/users/me/page-state counts the member's view and marks the post read).
  const reader = a.shared ? null : viewer;
  // Fetched as an image, a script, a style… (e.g. a markdown image pointing here): not a reader.
  const dest = a.client?.fetchDest;
  if (!a.shared && (!dest || dest === "empty" || dest === "document"))
    await countPostView({ id, authorId: post.authorId, viewer, key: viewerKey(viewer, a.client) });
  // Read before the post is loaded, so its `newComments` already counts as read. A page rendered in the
  // browser is not marked here (the browser marks it once shown, up to the render's newest comment).
  const marked = reader && a.markRead !== false ? await markPostRead(reader.id, id) : null;
  const unread = reader && a.markRead === false ? await firstUnreadComment(reader.id, id) : null;
  const [dto, comments, newest] = await Promise.all([
    loadPost(viewer, { id }),
    loadCommentTree(id, viewer, { readFrom: a.readFrom }),
    // How far the browser marks it read (JumpToUnread, or page-state on a page members share): the render's newest comment.
    unread || (a.shared && viewer) ? newestCommentId(id) : undefined,
  ]);
  if (!dto) throw notFound(msg("postNotFound"));
  if (marked) return { ...dto, comments, firstUnreadCommentId: marked.firstUnreadCommentId };
  const readUpTo = newest === undefined ? {} : { readUpTo: newest };
  return unread ? { ...dto, comments, firstUnreadCommentId: unread.firstUnreadCommentId, ...readUpTo } : { ...dto, comments, ...readUpTo };
}

/**
 * The member's visit of a post page that members share (GET /api/users/me/page-state): with `visit`,
 * counts their view (and replaces their POST_VIEWED to the author) and marks the post read, as a
 * rendered page does; returns the first comment that was unread. Null when they may not see the post.
 */
export async function visitSharedPostPage(
  viewer: Viewer,
  id: number,
  visit: boolean,
  upTo?: number,
): Promise<{ firstUnreadCommentId: number | null } | null> {
  const post = await accessColumns(id);
  if (!post || !canSeePost(viewer, post) || !(await canInCategory(viewer, post.categoryId, "see"))) return null;
  if (!visit) return firstUnreadComment(viewer.id, id);
  await countPostView({ id, authorId: post.authorId, viewer, key: viewerKey(viewer) });
  return markPostRead(viewer.id, id, upTo);
}
