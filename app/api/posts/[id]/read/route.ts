// POST /api/posts/{id}/read {upTo?}: mark the post read now, or up to the newest comment the page showed.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { readPost } from "@/lib/services/posts/reads";
import { readPostSchema } from "@/lib/validation/posts";
import { postReadSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Posts",
    summary: "Mark a post read now",
    description:
      "Opening a post (GET /api/posts/{id}) also marks it read; this is for a page shown in the browser and for comments shown live on an open page. With `upTo` (the newest comment id the page showed, 0 for none) a comment posted after it stays new. A read never moves back.",
    auth: "required",
    body: readPostSchema,
    bodyOptional: true,
    bodyLimit: 1024,
    responses: [ok(postReadSchema)],
  },
  ({ params, viewer, body }) => readPost(viewer, { postId: parseId(params.id), upTo: body?.upTo }),
);
