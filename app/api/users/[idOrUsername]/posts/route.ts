// GET /api/users/{idOrUsername}/posts: the member's posts the caller may see, newest first (page, pageSize).
import { okList, route } from "@/lib/api/route";
import { listUserPosts } from "@/lib/services/users/profiles";
import { postSchema } from "@/lib/validation/responses";
import { userListQuerySchema } from "@/lib/validation/users";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's posts, newest first",
    description:
      "Published posts the caller may see (never another member's ONLY_ME posts; ONLY_REGISTER ones only when signed in). The member themself and staff also get the posts waiting for review (`status` PENDING) or rejected (REJECTED, with `rejectedReason`).",
    auth: "optional",
    query: userListQuerySchema,
    responses: [okList(postSchema)],
  },
  ({ params, viewer, query }) => listUserPosts(viewer, { idOrUsername: params.idOrUsername ?? "", ...query }),
);
