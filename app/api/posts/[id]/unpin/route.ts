// POST /api/posts/{id}/unpin: unpin a post (staff, or a moderator of its category: issue 57).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setPinned } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route({ tag: "Posts", summary: "Unpin a post", auth: "required", responses: [ok(postSchema)] }, ({ params, viewer }) =>
  setPinned(viewer, { id: parseId(params.id), on: false }),
);
