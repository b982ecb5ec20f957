// POST /api/posts/{id}/read: mark the post read now (e.g. after live comments were shown on an open page).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { readPost } from "@/lib/services/posts/reads";
import { postReadSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Posts",
    summary: "Mark a post read now",
    description: "Opening a post (GET /api/posts/{id}) also marks it read; this is for comments shown live on an open page.",
    auth: "required",
    responses: [ok(postReadSchema)],
  },
  ({ params, viewer }) => readPost(viewer, { postId: parseId(params.id) }),
);
