// GET /api/point-goods: every good, cheapest first (public).
import { okList, route } from "@/lib/api/route";
import { listGoods } from "@/lib/services/points/shop";
import { pointGoodSchema } from "@/lib/validation/responses";

export const GET = route(
  { tag: "Points", summary: "All point goods, by cost then id", auth: "none", responses: [okList(pointGoodSchema)] },
  () => listGoods(),
);
