// POST /api/admin/users/{id}/unsuspend (staff): ends a suspension now; moderators for members, admins for anyone.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { unsuspendUser } from "@/lib/services/moderation/admin-users";
import { adminUserSchema } from "@/lib/validation/admin-users";

export const POST = route(
  { tag: "Administration", summary: "End a member's suspension", auth: "required", role: "MODERATOR", responses: [ok(adminUserSchema)] },
  ({ viewer, params }) => unsuspendUser(viewer, { userId: parseId(params.id) }),
);
