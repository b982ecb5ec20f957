// POST /api/comments/{id}/replies: a reply at any depth
import { parseId } from "@/lib/api/body";
import { created, made, route } from "@/lib/api/route";
import { createComment } from "@/lib/services/comments/comments";
import { createCommentSchema } from "@/lib/validation/comments";
import { commentSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Comments",
    summary: "Reply to a comment",
    auth: "required",
    body: createCommentSchema,
    responses: [made(commentSchema)],
    errors: [409, 429],
  },
  async ({ params, viewer, body }) => created(await createComment(viewer, { parentId: parseId(params.id), content: body.content })),
);
