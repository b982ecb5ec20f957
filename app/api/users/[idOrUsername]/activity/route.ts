// GET /api/users/{idOrUsername}/activity: the member's posts, replies and reactions given, newest first (page, pageSize).
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listUserActivity } from "@/lib/services/profiles";
import { userListQuerySchema } from "@/lib/validation/users";

export const GET = route<{ idOrUsername: string }>(async ({ req, params, viewer }) => {
  const q = parseQuery(req, userListQuerySchema);
  return listUserActivity({ idOrUsername: params.idOrUsername, viewer, ...q });
});
