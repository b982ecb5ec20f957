// PUT /api/admin/users/{id}/role (admin): USER, MODERATOR or ADMIN; never one's own.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setUserRole } from "@/lib/services/moderation/admin-users";
import { adminUserSchema, setRoleSchema } from "@/lib/validation/admin-users";

export const PUT = route(
  {
    tag: "Administration",
    summary: "Change a member's role",
    auth: "required",
    role: "ADMIN",
    body: setRoleSchema,
    responses: [ok(adminUserSchema)],
  },
  ({ viewer, params, body }) => setUserRole(viewer, { userId: parseId(params.id), role: body.role }),
);
