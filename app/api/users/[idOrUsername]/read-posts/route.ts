// GET /api/users/{idOrUsername}/read-posts?limit=: the posts the member opened, last read first (the member only).
import { okList, route } from "@/lib/api/route";
import { listReadPosts } from "@/lib/services/users/profile-lists";
import { limitQuery, postReadEntrySchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's reading history",
    description: "The member only (403 for anyone else, as in OpenIsle): posts they opened and may still see, last read first.",
    auth: "required",
    query: limitQuery(50),
    responses: [okList(postReadEntrySchema)],
  },
  ({ params, viewer, query }) => listReadPosts(viewer, { idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
