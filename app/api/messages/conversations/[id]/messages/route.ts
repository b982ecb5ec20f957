// POST /api/messages/conversations/{id}/messages {content, replyToId} (OpenIsle): members only.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { sendToConversation } from "@/lib/services/messages/send";
import { conversationMessageSchema, messageSchema } from "@/lib/validation/messages";

export const POST = route(
  {
    tag: "Messages",
    summary: "Send a message in a conversation",
    description:
      "Members only (anyone else 404). The rules of POST /api/messages apply to the other member of a two-member conversation; in a group, blocks and the level rule apply. `replyToId` must be a message of this conversation.",
    auth: "required",
    body: conversationMessageSchema,
    responses: [ok(messageSchema, "The message")],
    errors: [429],
  },
  ({ viewer, params, body }) => sendToConversation(viewer, { ...body, conversationId: parseId(params.id) }),
);
