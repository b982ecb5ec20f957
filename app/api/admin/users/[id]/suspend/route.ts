// POST /api/admin/users/{id}/suspend (admin): reading still works; every write answers 403 `suspended` until `until`.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { suspendUser } from "@/lib/services/moderation/admin-users";
import { adminUserSchema, suspendUserSchema } from "@/lib/validation/admin-users";

export const POST = route(
  {
    tag: "Administration",
    summary: "Suspend a member until a date",
    auth: "required",
    role: "ADMIN",
    body: suspendUserSchema,
    responses: [ok(adminUserSchema)],
  },
  ({ viewer, params, body }) => suspendUser(viewer, parseId(params.id), body),
);
