// GET /api/posts/{id}/comments (paged top-level comments with nested replies) · POST (new comment)
import { parseId, parseQuery, readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { createComment, listComments } from "@/lib/services/comments";
import { createCommentSchema, listCommentsQuerySchema } from "@/lib/validation/comments";
import { requireViewer } from "@/lib/viewer";

export const GET = route<{ id: string }>(async ({ req, params, viewer }) => {
  const postId = parseId(params.id);
  const q = parseQuery(req, listCommentsQuerySchema);
  return listComments(viewer, postId, q);
});

export const POST = route<{ id: string }>(
  async ({ req, params, viewer }) => {
    const postId = parseId(params.id);
    const { content } = await readJson(req, createCommentSchema);
    return created(await createComment(requireViewer(viewer), { postId, content }));
  },
  { auth: "required" },
);
