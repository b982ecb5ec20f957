import "server-only";
import { db } from "@/db";
import { canOnPost, isModerator } from "@/lib/permissions";
import { actingOn } from "@/lib/permissions/category-moderators";
import type { Viewer } from "@/lib/viewer";

/** What the viewer may do on one post, for the buttons a page shows (the services enforce the same rules). */
export type PostActions = {
  edit: boolean;
  close: boolean;
  pin: boolean;
  feature: boolean;
  delete: boolean;
  review: boolean;
  pinComment: boolean;
  /** Moderator powers on the post's comments and its slow mode. */
  moderate: boolean;
};

/** `closedByStaff`: the post is closed by staff, so its author is not offered "Reopen". */
export function postActionsFor(viewer: Viewer | null, post: { authorId: number; closedByStaff?: boolean }): PostActions {
  return {
    edit: canOnPost(viewer, post, "edit"),
    close: canOnPost(viewer, post, "close") && (!post.closedByStaff || isModerator(viewer)),
    pin: canOnPost(viewer, post, "pin"),
    feature: canOnPost(viewer, post, "feature"),
    delete: canOnPost(viewer, post, "delete"),
    review: canOnPost(viewer, post, "review"),
    pinComment: canOnPost(viewer, post, "pinComment"),
    moderate: isModerator(viewer),
  };
}

/**
 * The post page's actions, with what a member of a group moderating the post's category may do there
 * (issue 57: close, pin, review; a move goes through the editor, which stays the author's). One small
 * query for a signed-in member who is not staff; a shared render reads as "some member", who moderates nothing.
 */
export async function postActionsOn(
  viewer: Viewer | null,
  post: { authorId: number; closedByStaff?: boolean; categoryId: number },
): Promise<PostActions> {
  const own = postActionsFor(viewer, post);
  if (!viewer || isModerator(viewer) || viewer.id === 0) return own;
  const actor = await actingOn(viewer, post.categoryId, db);
  if (actor === viewer) return own;
  const as = postActionsFor(actor, post);
  return { ...own, close: as.close, pin: as.pin, review: as.review };
}
