// GET /api/users/{idOrUsername}/tags?limit=: the tags the member created, newest first.
import { okList, route } from "@/lib/api/route";
import { listCreatedTags } from "@/lib/services/users/profile-lists";
import { limitQuery } from "@/lib/validation/openisle/profiles";
import { tagSchema } from "@/lib/validation/responses";

export const GET = route(
  {
    tag: "Users",
    summary: "Tags the member created, newest first",
    description: "OpenIsle's profile timeline shows them beside the member's posts and comments.",
    auth: "none",
    query: limitQuery(50),
    responses: [okList(tagSchema)],
  },
  ({ params, query }) => listCreatedTags({ idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
