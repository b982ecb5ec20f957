// GET /api/users/{idOrUsername}/hot-tags?limit=: the tags the member created, most used first.
import { okList, route } from "@/lib/api/route";
import { listHotTags } from "@/lib/services/users/profile-lists";
import { limitQuery } from "@/lib/validation/openisle/profiles";
import { tagSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Users",
    summary: "Tags the member created, most used first",
    description: "OpenIsle's profile summary (its \"hot tags\" are the member's own tags), by Tag.count.",
    auth: "none",
    query: limitQuery(10),
    responses: [okList(tagSchema)],
  },
  ({ params, query }) => listHotTags({ idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
