// GET /api/posts/{id}/poll/progress: the Poll of a post the caller may see (public).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getPoll } from "@/lib/services/posts/polls";
import { pollSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Polls and lotteries", summary: "Current poll state", auth: "optional", responses: [ok(pollSchema)] },
  ({ params, viewer }) => getPoll(viewer, { postId: parseId(params.id) }),
);
