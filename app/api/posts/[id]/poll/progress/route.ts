// GET /api/posts/{id}/poll/progress: the Poll of a post the caller may see (public).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { getPoll } from "@/lib/services/polls";

export const GET = route<{ id: string }>(async ({ params, viewer }) => getPoll(parseId(params.id), viewer));
