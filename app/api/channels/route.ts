// GET /api/channels: OpenIsle's public group chats (ChannelController). This forum has none, so the list is empty;
// OpenIsle's client opens its message box on this tab and shows an error toast when the call fails.
import { okList, route } from "@/lib/api/route";
import { channelSchema } from "@/lib/validation/openisle/site";

export const GET = route(
  {
    tag: "Messages",
    summary: "Channels",
    description:
      "OpenIsle's public group chats. This forum has direct messages (GET /api/messages/conversations) but no channels, so the answer is always [] (docs/openisle-compat.md).",
    auth: "none",
    responses: [okList(channelSchema)],
  },
  () => [],
);
