// GET /api/users/{idOrUsername}/posts: the member's posts the caller may see, newest first (page, pageSize).
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listUserPosts } from "@/lib/services/profiles";
import { userListQuerySchema } from "@/lib/validation/users";

export const GET = route<{ idOrUsername: string }>(async ({ req, params, viewer }) => {
  const q = parseQuery(req, userListQuerySchema);
  return listUserPosts({ idOrUsername: params.idOrUsername, viewer, ...q });
});
