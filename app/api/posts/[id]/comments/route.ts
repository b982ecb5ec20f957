// GET /api/posts/{id}/comments (paged top-level comments with nested replies) · POST (new comment)
import { parseId } from "@/lib/api/body";
import { created, made, okList, route } from "@/lib/api/route";
import { createComment, listComments } from "@/lib/services/comments/comments";
import { createCommentSchema, listCommentsQuerySchema } from "@/lib/validation/comments";
import { commentSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Comments", summary: "Top-level comments with nested replies", auth: "optional", query: listCommentsQuerySchema, responses: [okList(commentSchema)] },
  ({ params, viewer, query }) => listComments(viewer, parseId(params.id), query),
);

export const POST = route(
  { tag: "Comments", summary: "Comment on a post", auth: "required", body: createCommentSchema, responses: [made(commentSchema)], errors: [409, 429] },
  async ({ params, viewer, body }) => created(await createComment(viewer, { postId: parseId(params.id), content: body.content })),
);
