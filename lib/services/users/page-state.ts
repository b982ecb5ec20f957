import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { jsonValue } from "@/db";
import { posts } from "@/db/schema";
import { unauthorized } from "@/lib/errors";
import { visiblePostsWhere } from "@/lib/permissions";
import { unreadCountSql } from "@/lib/services/notifications/notifications";
import { unreadMessagesSql } from "@/lib/services/messages/conversations";
import { readViewerState } from "@/lib/services/posts/loader";
import { visitSharedPostPage } from "@/lib/services/posts/detail";
import { touchVisit } from "@/lib/services/posts/reads";
import { mutedPostsSql } from "@/lib/services/shared/watchers";
import { memberReviewCountSql } from "@/lib/services/moderation/moderation";
import { accountSummaryFrom, accountSummarySql, headerAccount } from "@/lib/services/users/users";
import type { PageStateDto } from "@/lib/validation/users";
import type { Viewer } from "@/lib/viewer";

/**
 * The member's part of a page that every member shares (lib/front/page-cache.ts serves it from the
 * cache): what the header shows, the unread marks of the listed posts and, on a post page, what is
 * theirs of that post (subscription, poll votes, where they stopped reading; with `view`, their view
 * is counted and the post marked read). Marks are read only for the posts the member may see, so
 * asking about other ids reveals nothing about them.
 */
export async function getPageState(
  viewer: Viewer,
  q: { postIds: number[]; postId?: number; visit: boolean; view: boolean; muted?: boolean; upTo?: number },
): Promise<PageStateDto> {
  if (q.visit) await touchVisit(viewer);
  const read = q.postId === undefined ? undefined : await visitSharedPostPage(viewer, q.postId, q.view, q.upTo);
  // One statement for the rest: the marks, which listed posts the member may see, the header's account
  // and unread counts (notifications, direct messages). Marks are read for every id asked and kept only for the visible ones.
  const stateIds = [...new Set(read ? [...q.postIds, q.postId!] : q.postIds)];
  const state = await readViewerState(stateIds, viewer.id, {
    also: {
      me: accountSummarySql(viewer.id),
      unread: unreadCountSql(viewer.id),
      unreadMessages: unreadMessagesSql(viewer.id),
      review: memberReviewCountSql(viewer.id),
      ...(q.postIds.length
        ? {
            visible: sql`(select json_agg(${posts.id}) from ${posts} where ${and(inArray(posts.id, q.postIds), visiblePostsWhere(viewer))})`,
          }
        : {}),
      ...(q.muted && q.postIds.length ? { muted: mutedPostsSql(viewer.id, q.postIds) } : {}),
    },
  });
  const me = accountSummaryFrom(state.also.me);
  if (!me) throw unauthorized();
  const ids = jsonValue<number[]>(state.also.visible, []).map(Number);
  const listed = new Set(ids);
  return {
    // Staff never get a shared page; a member moderating categories gets their queue's link and count.
    me: { ...headerAccount(me), review: state.also.review === null || state.also.review === undefined ? null : Number(state.also.review) },
    unreadNotifications: Number(state.also.unread ?? 0),
    unreadMessages: Number(state.also.unreadMessages ?? 0),
    // Only for posts the member may see (the rest are not theirs to learn about).
    ...(q.muted
      ? {
          muted: jsonValue<number[]>(state.also.muted, [])
            .map(Number)
            .filter((id) => listed.has(id)),
        }
      : {}),
    marks: [...(state.unread ?? [])]
      .filter(([postId]) => listed.has(postId))
      .map(([postId, m]) => ({ postId, newComments: m.newComments, isNew: m.isNew })),
    ...(q.postId === undefined
      ? {}
      : {
          post: read
            ? {
                id: q.postId,
                subscribed: state.subscribed.has(q.postId),
                myVotes: state.myVotes.get(q.postId) ?? [],
                firstUnreadCommentId: read.firstUnreadCommentId,
              }
            : null,
        }),
  };
}
