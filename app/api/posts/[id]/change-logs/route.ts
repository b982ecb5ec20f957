// GET /api/posts/{id}/change-logs: the post's change history, oldest first.
import { parseId } from "@/lib/api/body";
import { okList, route } from "@/lib/api/route";
import { changeLogsJson } from "@/lib/services/posts/change-logs";
import { changeLogSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Posts", summary: "Change history of a post, oldest first", auth: "optional", responses: [okList(changeLogSchema)] },
  async ({ params, viewer }) =>
    new Response(await changeLogsJson(parseId(params.id), viewer), { headers: { "content-type": "application/json" } }),
);
