// GET /api/channels/unread-count → a number (OpenIsle): unread messages in the caller's channels. There are no
// channels here, so it is 0; OpenIsle's client asks on every page of a signed-in member.
import { ok, route } from "@/lib/api/route";
import { channelUnreadCountSchema } from "@/lib/validation/openisle/site";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Messages",
    summary: "Number of unread channel messages",
    description: "Always 0: this forum has no channels (docs/openisle-compat.md).",
    auth: "required",
    responses: [ok(channelUnreadCountSchema)],
  },
  () => 0,
);
