// GET /api/comments/{id} (one comment with its replies) · DELETE (soft delete: author or moderator)
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteComment, getComment } from "@/lib/services/comments";
import { commentSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Comments", summary: "A comment with its replies", auth: "optional", responses: [ok(commentSchema)] },
  ({ params, viewer }) => getComment(viewer, parseId(params.id)),
);

export const DELETE = route(
  { tag: "Comments", summary: "Delete a comment (author, moderator)", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await deleteComment(viewer, parseId(params.id));
    return noContent();
  },
);
