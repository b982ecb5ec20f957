// GET /api/posts/{id} (detail with comments; counts a view), PUT (edit), DELETE.
import { parseId } from "@/lib/api/body";
import { viewClient } from "@/lib/api/caller";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { getPostDetail } from "@/lib/services/posts/detail";
import { deletePost, updatePost } from "@/lib/services/posts/write";
import { readPostBody } from "@/lib/api/openisle-body";
import { updatePostRequestSchema } from "@/lib/validation/openisle/compat";
import { postDetailSchema, postSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Posts",
    summary: "A post with its first 100 top-level comments",
    description: "Counts a view (once per viewer per 30 minutes).",
    auth: "optional",
    responses: [ok(postDetailSchema)],
  },
  ({ req, params, viewer, readFrom }) => getPostDetail(viewer, { id: parseId(params.id), client: viewClient(req.headers), readFrom }),
);

export const PUT = route(
  {
    tag: "Posts",
    summary: "Edit a post (author, moderator)",
    description: "One change-log entry per changed field. OpenIsle's `postVisibleScopeType` is read as `visibleScope`.",
    auth: "required",
    body: updatePostRequestSchema,
    customBody: true,
    responses: [ok(postSchema)],
  },
  async ({ req, params, viewer }) => {
    const id = parseId(params.id);
    return updatePost(viewer, { id, input: await readPostBody(req, "update") });
  },
);

export const DELETE = route(
  { tag: "Posts", summary: "Delete a post (author, moderator)", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await deletePost(viewer, { id: parseId(params.id) });
    return noContent();
  },
);
