// POST /api/posts/{id}/lottery/join: joins once (a repeat charges nothing) and returns the Lottery.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { joinLottery } from "@/lib/services/posts/lotteries";
import { lotterySchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Polls and lotteries",
    summary: "Join a lottery",
    description: "The point cost moves from the joiner to the author; a second join charges nothing.",
    auth: "required",
    responses: [ok(lotterySchema)],
    errors: [409],
  },
  ({ params, viewer }) => joinLottery(viewer, { postId: parseId(params.id) }),
);
