// GET /api/users/{idOrUsername}/activity: the member's posts, replies and reactions given, newest first (page, pageSize).
import { okList, route } from "@/lib/api/route";
import { listUserActivity } from "@/lib/services/users/profiles";
import { userActivitySchema, userListQuerySchema } from "@/lib/validation/users";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's posts, replies and reactions given, newest first",
    auth: "optional",
    query: userListQuerySchema,
    responses: [okList(userActivitySchema)],
  },
  ({ params, viewer, query }) => listUserActivity(viewer, { idOrUsername: params.idOrUsername ?? "", ...query }),
);
