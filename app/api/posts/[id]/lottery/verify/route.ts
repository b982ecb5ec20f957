// GET /api/posts/{id}/lottery/verify: the published seed, participants and the re-computed draw (409 before it).
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { verifyLottery } from "@/lib/services/lotteries";

export const GET = route<{ id: string }>(async ({ params, viewer }) => verifyLottery(parseId(params.id), viewer));
