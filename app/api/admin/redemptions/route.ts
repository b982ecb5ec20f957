// GET /api/admin/redemptions?status&page&pageSize (admin): the shop's redemptions to hand over, newest first.
import { ok, route } from "@/lib/api/route";
import { listRedemptionsForAdmin } from "@/lib/services/points/redemptions";
import { adminRedemptionsQuerySchema, redemptionPageSchema } from "@/lib/validation/economy";

export const GET = route(
  {
    tag: "Administration",
    summary: "Point-shop redemptions, for admins",
    description:
      "Who redeemed which good, the contact they gave, when, and whether an admin has handed it over. `status`: pending (the default), fulfilled or all; 0-based `page`. `pending` counts the redemptions still to fulfil whatever the filter.",
    auth: "required",
    role: "ADMIN",
    query: adminRedemptionsQuerySchema,
    responses: [ok(redemptionPageSchema)],
  },
  ({ viewer, query }) => listRedemptionsForAdmin(viewer, query),
);
