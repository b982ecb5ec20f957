// POST /api/posts/{id}/pin: pin a post (staff, or a moderator of its category: issue 57).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setPinned } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route({ tag: "Posts", summary: "Pin a post", auth: "required", responses: [ok(postSchema)] }, ({ params, viewer }) =>
  setPinned(viewer, { id: parseId(params.id), on: true }),
);
