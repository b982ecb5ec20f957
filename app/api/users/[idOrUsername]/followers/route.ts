// GET /api/users/{idOrUsername}/followers?page&pageSize: OpenIsle's UserDto list (without the email), public.
import { okList, route } from "@/lib/api/route";
import { listFollows } from "@/lib/services/social/follows";
import { userDetailSchema } from "@/lib/validation/openisle/profiles";
import { followListQuerySchema } from "@/lib/validation/social";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's followers",
    description:
      "Members who follow this member, newest follow first, with OpenIsle's member statistics (counted over what the caller may see) and `subscribed` for the caller. OpenIsle answers the whole list; ours comes `pageSize` (default and at most 100) at a time.",
    auth: "optional",
    query: followListQuerySchema,
    responses: [okList(userDetailSchema)],
  },
  ({ params, viewer, query }) => listFollows(viewer, { identifier: params.idOrUsername ?? "", direction: "followers", query }),
);
