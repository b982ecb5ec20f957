// GET /api/comments/{id} (one comment with its replies) · PUT (edit: author or staff) · DELETE (soft delete: author or moderator)
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteComment, editComment, getComment } from "@/lib/services/comments/comments";
import { createCommentSchema } from "@/lib/validation/comments";
import { commentSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Comments", summary: "A comment with its replies", auth: "optional", responses: [ok(commentSchema)] },
  ({ params, viewer }) => getComment(viewer, { commentId: parseId(params.id) }),
);

export const DELETE = route(
  { tag: "Comments", summary: "Delete a comment (author, moderator)", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await deleteComment(viewer, { commentId: parseId(params.id) });
    return noContent();
  },
);

export const PUT = route(
  {
    tag: "Comments",
    summary: "Edit a comment (author, moderator)",
    description:
      "The old and new text go into the comment's history (GET /api/comments/{id}/change-logs). An edit by staff marks the comment `staffEdited` and notifies its author.",
    auth: "required",
    body: createCommentSchema,
    responses: [ok(commentSchema)],
  },
  ({ params, viewer, body }) => editComment(viewer, { commentId: parseId(params.id), content: body.content }),
);
