// GET /api/point-goods: every good, cheapest first (public).
import { route } from "@/lib/api/route";
import { listGoods } from "@/lib/services/shop";

export const GET = route(async () => listGoods());
