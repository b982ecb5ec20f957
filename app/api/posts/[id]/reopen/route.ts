// POST /api/posts/{id}/reopen: reopen a closed post (author, moderator).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setClosed } from "@/lib/services/posts/state";
import { postSchema } from "@/lib/validation/responses";

export const POST = route(
  { tag: "Posts", summary: "Reopen a closed post (author, moderator)", auth: "required", responses: [ok(postSchema)] },
  ({ params, viewer }) => setClosed(viewer, { id: parseId(params.id), on: false }),
);
