// POST /api/posts/{id}/unfeature: unfeature a post.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setFeatured } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route(
  { tag: "Posts", summary: "Unfeature a post", auth: "required", role: "MODERATOR", responses: [ok(postSchema)] },
  ({ params, viewer }) => setFeatured(viewer, { id: parseId(params.id), on: false }),
);
