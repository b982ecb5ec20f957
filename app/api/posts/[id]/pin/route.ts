// POST /api/posts/{id}/pin: pin a post.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setPinned } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route(
  { tag: "Posts", summary: "Pin a post", auth: "required", role: "MODERATOR", responses: [ok(postSchema)] },
  ({ params, viewer }) => setPinned(viewer, { id: parseId(params.id), on: true }),
);
