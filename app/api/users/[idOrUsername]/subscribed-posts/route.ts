// GET /api/users/{idOrUsername}/subscribed-posts?limit=: posts the member subscribed to (OpenIsle's profile "favourites").
import { okList, route } from "@/lib/api/route";
import { listSubscribedPosts } from "@/lib/services/users/profile-lists";
import { limitQuery, postMetaSchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "Posts the member subscribed to",
    description: "Public, as in OpenIsle; only posts the caller may see, latest subscription first.",
    auth: "optional",
    query: limitQuery(10),
    responses: [okList(postMetaSchema)],
  },
  ({ params, viewer, query }) => listSubscribedPosts(viewer, { idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
