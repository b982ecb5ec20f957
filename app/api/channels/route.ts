// GET /api/channels: OpenIsle's group chats (ChannelController), members only. This forum has none, so the list is
// empty; OpenIsle's client opens its message box (signed in) on this tab and shows an error toast when the call fails.
import { okList, route } from "@/lib/api/route";
import { channelSchema } from "@/lib/validation/openisle/site";

export const GET = route(
  {
    tag: "Messages",
    summary: "Channels",
    description:
      "OpenIsle's group chats, for a signed-in member (401 otherwise, as GET /api/channels/unread-count). This forum has direct messages " +
      "(GET /api/messages/conversations) but no channels, so the answer is always [] (docs/openisle-compat.md).",
    auth: "required",
    responses: [okList(channelSchema)],
  },
  () => [],
);
