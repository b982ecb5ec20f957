// POST /api/messages/{id}/reactions (OpenIsle): toggle — 200 with the Reaction when added, 204 when removed; members only.
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { toggleMessageReaction } from "@/lib/services/messages/reactions";
import { reactionInputSchema } from "@/lib/validation/comments";
import { reactionSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Messages",
    summary: "Toggle a reaction on a direct message",
    description:
      "Members of the message's conversation only (anyone else 404). The Reaction has `messageId` set and `reward` 0. The other members' open conversations get a `message` event of kind `reaction`.",
    auth: "required",
    body: reactionInputSchema,
    responses: [ok(reactionSchema, "Reaction added"), empty("The same reaction was removed")],
  },
  async ({ params, viewer, body }) =>
    (await toggleMessageReaction(viewer, { messageId: parseId(params.id), type: body.type })) ?? noContent(),
);
