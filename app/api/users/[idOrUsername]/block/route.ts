// POST /api/users/{idOrUsername}/block (block) · DELETE (unblock): 200 {blocked}, idempotent.
import { ok, route } from "@/lib/api/route";
import { blockUser, unblockUser } from "@/lib/services/social/blocks";
import { blockStateSchema } from "@/lib/validation/social";

export const POST = route(
  {
    tag: "Users",
    summary: "Block a member",
    description:
      "The blocked member's mentions, replies, reactions and follows no longer notify the caller, they cannot follow or message the caller, and the follows between the two end. They are not told. Idempotent.",
    auth: "required",
    responses: [ok(blockStateSchema)],
  },
  ({ params, viewer }) => blockUser(viewer, { identifier: params.idOrUsername ?? "" }),
);

export const DELETE = route(
  {
    tag: "Users",
    summary: "Unblock a member",
    description: "Idempotent; follows ended by the block stay ended.",
    auth: "required",
    responses: [ok(blockStateSchema)],
  },
  ({ params, viewer }) => unblockUser(viewer, { identifier: params.idOrUsername ?? "" }),
);
