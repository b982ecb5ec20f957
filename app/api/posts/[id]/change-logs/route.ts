// GET /api/posts/{id}/change-logs: the post's change history, oldest first.
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { changeLogsJson } from "@/lib/services/change-logs";

export const GET = route<{ id: string }>(
  async ({ params, viewer }) =>
    new Response(await changeLogsJson(parseId(params.id), viewer), { headers: { "content-type": "application/json" } }),
);
