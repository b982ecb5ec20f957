// GET /api/users/{idOrUsername}/replies: the member's comments with the post they answer, newest first (page, pageSize).
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listUserReplies } from "@/lib/services/profiles";
import { userListQuerySchema } from "@/lib/validation/users";

export const GET = route<{ idOrUsername: string }>(async ({ req, params, viewer }) => {
  const q = parseQuery(req, userListQuerySchema);
  return listUserReplies({ idOrUsername: params.idOrUsername, viewer, ...q });
});
