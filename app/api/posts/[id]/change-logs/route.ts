// GET /api/posts/{id}/change-logs: the post's change history, oldest first.
import { parseId, route } from "@/lib/api/route";
import { listChangeLogs } from "@/lib/services/change-logs";

export const GET = route<{ id: string }>(({ params, viewer }) => listChangeLogs(parseId(params.id), viewer));
