// GET /api/activities: the site's campaigns (OpenIsle's ActivityController). We run none, so the list is empty.
import { okList, route } from "@/lib/api/route";
import { activitySchema } from "@/lib/validation/openisle/site";

export const GET = route(
  {
    tag: "Other",
    summary: "Campaigns",
    description:
      "OpenIsle's campaigns (milk tea, invite points) are its own; this forum runs none, so the answer is always [] (docs/openisle-compat.md).",
    auth: "none",
    responses: [okList(activitySchema)],
  },
  () => [],
);
