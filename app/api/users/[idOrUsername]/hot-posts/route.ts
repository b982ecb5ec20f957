// GET /api/users/{idOrUsername}/hot-posts?limit=: the member's most LIKEd posts (OpenIsle's PostMetaDto).
import { okList, route } from "@/lib/api/route";
import { listHotPosts } from "@/lib/services/users/profile-lists";
import { limitQuery, postMetaSchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's most liked posts",
    description: "OpenIsle's profile summary: published posts the caller may see with at least one LIKE, most LIKEs first.",
    auth: "optional",
    query: limitQuery(10),
    responses: [okList(postMetaSchema)],
  },
  ({ params, viewer, query }) => listHotPosts(viewer, { idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
