// GET /api/messages/unread-count → a number (OpenIsle): unread messages from others in all the caller's conversations.
import { ok, route } from "@/lib/api/route";
import { unreadMessageCount } from "@/lib/services/messages/conversations";
import { messageUnreadCountSchema } from "@/lib/validation/messages";

export const dynamic = "force-dynamic";

export const GET = route(
  { tag: "Messages", summary: "Number of unread direct messages", auth: "required", responses: [ok(messageUnreadCountSchema)] },
  ({ viewer }) => unreadMessageCount(viewer),
);
