// POST /api/posts/{id}/reactions: toggle — 200 with the Reaction when added, 204 when removed
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { toggleReaction } from "@/lib/services/posts/reactions";
import { reactionInputSchema } from "@/lib/validation/comments";
import { reactionSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Reactions",
    summary: "Toggle a reaction on a post",
    auth: "required",
    body: reactionInputSchema,
    responses: [ok(reactionSchema, "Reaction added"), empty("The same reaction was removed")],
  },
  async ({ params, viewer, body }) =>
    (await toggleReaction(viewer, { target: { kind: "post", postId: parseId(params.id) }, type: body.type })) ?? noContent(),
);
