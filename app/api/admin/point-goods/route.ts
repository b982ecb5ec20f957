// GET/POST /api/admin/point-goods: list and create goods (admin).
import { created, made, okList, route } from "@/lib/api/route";
import { createGood, listGoodsForAdmin } from "@/lib/services/points/shop";
import { pointGoodInputSchema } from "@/lib/validation/economy";
import { pointGoodSchema } from "@/lib/validation/responses";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "All point goods (admin view)", responses: [okList(pointGoodSchema)] }, ({ viewer }) =>
  listGoodsForAdmin(viewer),
);

export const POST = route(
  { ...admin, summary: "Create a point good", body: pointGoodInputSchema, responses: [made(pointGoodSchema)] },
  async ({ viewer, body }) => created(await createGood(viewer, body)),
);
