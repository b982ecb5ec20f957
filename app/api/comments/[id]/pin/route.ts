// POST /api/comments/{id}/pin (the post's author or a moderator)
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setCommentPinned } from "@/lib/services/comments/comments";
import { commentSchema } from "@/lib/validation/responses";

export const POST = route(
  { tag: "Comments", summary: "Pin a comment (post author, moderator)", auth: "required", responses: [ok(commentSchema)] },
  ({ params, viewer }) => setCommentPinned(viewer, { commentId: parseId(params.id), pinned: true }),
);
