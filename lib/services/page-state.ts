import { and, inArray } from "drizzle-orm";
import { db } from "@/db";
import { posts } from "@/db/schema";
import { unauthorized } from "@/lib/api/errors";
import { visiblePostsWhere } from "@/lib/permissions";
import { unreadCount } from "@/lib/services/notifications";
import { readViewerState } from "@/lib/services/post-loader";
import { touchVisit } from "@/lib/services/reads";
import { getAccountSummary, headerAccount } from "@/lib/services/users";
import type { PageStateDto } from "@/lib/validation/users";
import type { Viewer } from "@/lib/viewer";

/**
 * The member's part of a list page that every member shares (lib/api/page-cache.ts serves it from the
 * cache): what the header shows and the unread marks of the listed posts. Marks are read only for the
 * posts the member may see, so asking about other ids reveals nothing about them.
 */
export async function getPageState(viewer: Viewer, q: { postIds: number[]; visit: boolean }): Promise<PageStateDto> {
  if (q.visit) await touchVisit(viewer.id);
  const ids = q.postIds.length
    ? (await db.select({ id: posts.id }).from(posts).where(and(inArray(posts.id, q.postIds), visiblePostsWhere(viewer)))).map((r) => r.id)
    : [];
  const [me, unread, state] = await Promise.all([getAccountSummary(viewer.id), unreadCount(viewer.id), readViewerState(ids, viewer.id)]);
  if (!me) throw unauthorized();
  return {
    me: headerAccount(me),
    unreadNotifications: unread.count,
    marks: [...(state.unread ?? [])].map(([postId, m]) => ({ postId, newComments: m.newComments, isNew: m.isNew })),
  };
}
