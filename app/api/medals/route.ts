// GET /api/medals?userId=: every medal with the member's progress (OpenIsle's MedalController).
import { okList, route } from "@/lib/api/route";
import { ICON_SPRITE_URL } from "@/components/ui/icon-sprite";
import { listMedals } from "@/lib/services/users/medal-list";
import { medalSchema, medalsQuerySchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "Medals and a member's progress",
    description:
      "Without userId (or with an unknown one) every medal is not completed, as in OpenIsle. The icon is a view of our icon sprite.",
    auth: "none",
    query: medalsQuerySchema,
    responses: [okList(medalSchema)],
  },
  ({ query }) => listMedals({ userId: query.userId, iconUrl: (icon) => `${ICON_SPRITE_URL}#${icon}` }),
);
