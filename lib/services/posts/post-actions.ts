import "server-only";
import { canOnPost, isModerator } from "@/lib/permissions";
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

/** `closedByStaff`: the post is closed by staff, so its author is not offered "Reopen" (issue 54). */
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
