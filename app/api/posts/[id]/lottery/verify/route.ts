// GET /api/posts/{id}/lottery/verify: the published seed, participants and the re-computed draw (409 before it).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { verifyLottery } from "@/lib/services/posts/lotteries";
import { lotteryVerifySchema } from "@/lib/validation/economy";

export const GET = route(
  {
    tag: "Polls and lotteries",
    summary: "Re-run a drawn lottery from its published seed",
    auth: "optional",
    responses: [ok(lotteryVerifySchema)],
    errors: [409],
  },
  ({ params, viewer }) => verifyLottery(viewer, { postId: parseId(params.id) }),
);
