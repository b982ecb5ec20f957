// POST /api/admin/redemptions/{id}/fulfil (admin): marks the good handed over, audit-logged; the member gets REDEMPTION_FULFILLED.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { fulfilRedemption } from "@/lib/services/points/redemptions";
import { redemptionSchema } from "@/lib/validation/economy";

export const POST = route(
  {
    tag: "Administration",
    summary: "Mark a redemption fulfilled",
    description: "Once per redemption (again: 409). The member is notified (REDEMPTION_FULFILLED, content: the good's name).",
    auth: "required",
    role: "ADMIN",
    responses: [ok(redemptionSchema)],
    errors: [404, 409],
  },
  ({ viewer, params }) => fulfilRedemption(viewer, { id: parseId(params.id) }),
);
