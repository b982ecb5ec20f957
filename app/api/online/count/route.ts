// GET /api/online/count: how many members were seen in the last minutes (OpenIsle's OnlineController: a bare number).
import { ok, route } from "@/lib/api/route";
import { countOnline } from "@/lib/services/users/presence";
import { onlineCountSchema } from "@/lib/validation/openisle/site";

export const GET = route(
  {
    tag: "Users",
    summary: "Members online",
    description:
      "Members seen in the last 5 minutes: any request signed with their token or browser session, or a heartbeat. Guests are not counted.",
    auth: "none",
    responses: [ok(onlineCountSchema)],
  },
  () => countOnline(),
);
