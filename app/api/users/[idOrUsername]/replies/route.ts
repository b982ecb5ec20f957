// GET /api/users/{idOrUsername}/replies: the member's comments with the post they answer, newest first (page, pageSize).
import { okList, route } from "@/lib/api/route";
import { listUserReplies } from "@/lib/services/users/profiles";
import { userListQuerySchema, userReplySchema } from "@/lib/validation/users";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's comments with the post they answer, newest first",
    auth: "optional",
    query: userListQuerySchema,
    responses: [okList(userReplySchema)],
  },
  ({ params, viewer, query }) => listUserReplies(viewer, { idOrUsername: params.idOrUsername ?? "", ...query }),
);
