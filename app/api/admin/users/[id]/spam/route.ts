// GET /api/admin/users/{id}/spam (staff): the member's recent sign-in addresses and silence.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getUserSpamState } from "@/lib/services/spam/silence";
import { userSpamSchema } from "@/lib/validation/spam";

export const GET = route(
  {
    tag: "Administration",
    summary: "A member's sign-in addresses and silence",
    auth: "required",
    role: "MODERATOR",
    responses: [ok(userSpamSchema)],
  },
  ({ viewer, params }) => getUserSpamState(viewer, { userId: parseId(params.id) }),
);
