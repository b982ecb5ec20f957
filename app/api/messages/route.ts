// POST /api/messages {recipientId, content, replyToId} (OpenIsle): a direct message, in the conversation of the two.
import { ok, route } from "@/lib/api/route";
import { sendMessage } from "@/lib/services/messages/send";
import { messageSchema, sendMessageSchema } from "@/lib/validation/messages";

export const POST = route(
  {
    tag: "Messages",
    summary: "Send a direct message",
    description:
      "Finds or creates the conversation of the caller and `recipientId` and adds the message. 403 when either has blocked the other, when the recipient's message policy refuses the caller (staff may always write; a recipient who wrote in the conversation has answered), or when a member below the site's level writes to someone who is not staff; 429 over the per-sender rate limit. `content` is markdown bounded as a comment's.",
    auth: "required",
    body: sendMessageSchema,
    responses: [ok(messageSchema, "The message")],
    errors: [429],
  },
  ({ viewer, body }) => sendMessage(viewer, body),
);
