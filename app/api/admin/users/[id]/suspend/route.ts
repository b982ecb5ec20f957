// POST /api/admin/users/{id}/suspend (staff): reading still works; every write answers 403 `suspended` until the end.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { suspendUser } from "@/lib/services/moderation/admin-users";
import { adminUserSchema, suspendUserSchema } from "@/lib/validation/admin-users";

export const POST = route(
  {
    tag: "Administration",
    summary: "Suspend a member until a date or for some days",
    description:
      "Moderators suspend members; admins anyone but themselves. Bots cannot be suspended (403). Give `until` (a date-time) or `days`, and the `reason` the member sees.",
    auth: "required",
    role: "MODERATOR",
    body: suspendUserSchema,
    responses: [ok(adminUserSchema)],
  },
  ({ viewer, params, body }) => suspendUser(viewer, { ...body, userId: parseId(params.id) }),
);
