import { and, inArray } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { unauthorized } from "@/lib/api/errors";
import { visiblePostsWhere } from "@/lib/permissions";
import { unreadCount } from "@/lib/services/notifications";
import { readViewerState } from "@/lib/services/post-loader";
import { visitSharedPostPage } from "@/lib/services/posts";
import { touchVisit } from "@/lib/services/reads";
import { getAccountSummary, headerAccount } from "@/lib/services/users";
import type { PageStateDto } from "@/lib/validation/users";
import type { Viewer } from "@/lib/viewer";

/**
 * The member's part of a page that every member shares (lib/api/page-cache.ts serves it from the
 * cache): what the header shows, the unread marks of the listed posts and, on a post page, what is
 * theirs of that post (subscription, poll votes, where they stopped reading; with `view`, their view
 * is counted and the post marked read). Marks are read only for the posts the member may see, so
 * asking about other ids reveals nothing about them.
 */
export async function getPageState(viewer: Viewer, q: { postIds: number[]; postId?: number; visit: boolean; view: boolean }): Promise<PageStateDto> {
  if (q.visit) await touchVisit(viewer.id);
  const ids = q.postIds.length
    ? (await db.select({ id: posts.id }).from(posts).where(and(inArray(posts.id, q.postIds), visiblePostsWhere(viewer)))).map((r) => r.id)
    : [];
  const read = q.postId === undefined ? undefined : await visitSharedPostPage(viewer, q.postId, q.view);
  const stateIds = read ? [...ids, q.postId!] : ids;
  const [me, unread, state] = await Promise.all([getAccountSummary(viewer.id), unreadCount(viewer.id), readViewerState(stateIds, viewer.id)]);
  if (!me) throw unauthorized();
  const listed = new Set(ids);
  return {
    me: headerAccount(me),
    unreadNotifications: unread.count,
    marks: [...(state.unread ?? [])].filter(([postId]) => listed.has(postId)).map(([postId, m]) => ({ postId, newComments: m.newComments, isNew: m.isNew })),
    ...(q.postId === undefined
      ? {}
      : {
          post: read
            ? { id: q.postId, subscribed: state.subscribed.has(q.postId), myVotes: state.myVotes.get(q.postId) ?? [], firstUnreadCommentId: read.firstUnreadCommentId }
            : null,
        }),
  };
}
