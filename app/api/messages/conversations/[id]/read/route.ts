// POST /api/messages/conversations/{id}/read (OpenIsle): every message so far is read by the caller; 200 with an empty body.
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { markConversationRead } from "@/lib/services/messages/conversations";

export const POST = route(
  {
    tag: "Messages",
    summary: "Mark a conversation read",
    description: "Members only (anyone else 404). The other members see the new read mark (read receipts) through GET /api/events.",
    auth: "required",
    responses: [{ status: 200, description: "Marked as read (empty body, as OpenIsle)" }],
  },
  async ({ viewer, params }) => {
    await markConversationRead(viewer, { conversationId: parseId(params.id) });
    return new Response(null, { status: 200 });
  },
);
