// GET /api/users/{idOrUsername}/hot-replies?limit=: the member's most LIKEd comments (OpenIsle's CommentInfoDto).
import { okList, route } from "@/lib/api/route";
import { listHotReplies } from "@/lib/services/users/profile-lists";
import { commentInfoSchema, limitQuery } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's most liked comments",
    description:
      "OpenIsle's profile summary: comments the caller may read, on posts they may see, with at least one LIKE, most LIKEs first.",
    auth: "optional",
    query: limitQuery(10),
    responses: [okList(commentInfoSchema)],
  },
  ({ params, viewer, query }) => listHotReplies(viewer, { idOrUsername: params.idOrUsername ?? "", limit: query.limit }),
);
