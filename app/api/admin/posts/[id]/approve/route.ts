// POST /api/admin/posts/{id}/approve (staff, or a moderator of the post's category: issue 57): review a pending post; POST_REVIEWED to its author with the optional reason.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { reviewPost } from "@/lib/services/posts/state";
import { reviewPostSchema } from "@/lib/validation/moderation";
import { postSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Administration",
    summary: "Approve a pending (or rejected) post",
    description: "POST_REVIEWED to the author (approved), with the optional `reason` as its text.",
    auth: "required",
    body: reviewPostSchema,
    bodyOptional: true,
    bodyLimit: 8 * 1024,
    responses: [ok(postSchema)],
    errors: [409],
  },
  ({ params, viewer, body }) => reviewPost(viewer, { id: parseId(params.id), approve: true, reason: body?.reason }),
);
