// GET /api/admin/users/{id} (admin): one member for staff: posts, flags against them, suspensions, audit entries.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getUserForAdmin } from "@/lib/services/moderation/admin-users";
import { adminUserDetailSchema } from "@/lib/validation/admin-users";

export const GET = route(
  {
    tag: "Administration",
    summary: "One member, for staff",
    description:
      "The member's row of the table, their latest posts (any status), the flags against their posts and comments, their suspensions and the staff actions concerning them, newest first.",
    auth: "required",
    role: "ADMIN",
    responses: [ok(adminUserDetailSchema)],
  },
  ({ viewer, params }) => getUserForAdmin(viewer, { userId: parseId(params.id) }),
);
