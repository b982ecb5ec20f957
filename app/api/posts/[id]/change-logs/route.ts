// GET /api/posts/{id}/change-logs: the post's change history, oldest first.
import { absoluteJsonResponse } from "@/lib/api/absolute-urls";
import { parseId } from "@/lib/api/body";
import { okList, route } from "@/lib/api/route";
import { changeLogsJson } from "@/lib/services/posts/change-logs";
import { changeLogSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Posts", summary: "Change history of a post, oldest first", auth: "optional", responses: [okList(changeLogSchema)] },
  // The cached history's text, its avatars made absolute for this request (kept per text: lib/api/absolute-urls.ts).
  async ({ req, params, viewer }) =>
    absoluteJsonResponse(req, await changeLogsJson(viewer, { postId: parseId(params.id) }), {
      headers: { "content-type": "application/json" },
    }),
);
