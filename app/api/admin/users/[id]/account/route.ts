// DELETE /api/admin/users/{id}/account (admin): delete a member's account, as they could themselves.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { adminDeleteAccount } from "@/lib/services/accounts/delete-account";
import { adminDeleteAccountSchema, deletedAccountSchema } from "@/lib/validation/accounts";

export const DELETE = route(
  {
    tag: "Administration",
    summary: "Delete a member's account",
    description:
      "The same anonymisation as `DELETE /api/users/me` (the member's sessions and tokens end at once), written to the audit log. An admin's account is not deleted this way (403).",
    auth: "required",
    role: "ADMIN",
    body: adminDeleteAccountSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(deletedAccountSchema)],
  },
  ({ viewer, params, body }) => adminDeleteAccount(viewer, { userId: parseId(params.id), content: body.content }),
);
