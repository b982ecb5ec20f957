// POST /api/point-goods/redeem {goodId, contact} → {point}.
import { ok, route } from "@/lib/api/route";
import { redeemGood } from "@/lib/services/points/shop";
import { redeemResultSchema, redeemSchema } from "@/lib/validation/economy";

export const POST = route(
  {
    tag: "Points",
    summary: "Redeem a good",
    description: "Every admin gets a POINT_REDEEM notification.",
    auth: "required",
    body: redeemSchema,
    responses: [ok(redeemResultSchema)],
    errors: [409],
  },
  ({ viewer, body }) => redeemGood(viewer, body),
);
