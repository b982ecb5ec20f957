// POST /api/posts/{id}/feature: feature a post (+500 points to its author).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setFeatured } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route(
  { tag: "Posts", summary: "Feature a post (+500 points to its author)", auth: "required", role: "MODERATOR", responses: [ok(postSchema)] },
  ({ params, viewer }) => setFeatured(viewer, { id: parseId(params.id), on: true }),
);
