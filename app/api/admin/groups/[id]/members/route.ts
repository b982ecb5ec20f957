// POST /api/admin/groups/{id}/members {"username", "owner"?}: add a member (admins; a group's owners too).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { addGroupMember } from "@/lib/services/groups/groups";
import { groupDetailSchema, groupMemberInputSchema } from "@/lib/validation/groups";

export const POST = route(
  {
    tag: "Administration",
    summary: "Add a member to a group",
    description: "Admins, or an owner of the group (only admins make owners).",
    auth: "required",
    body: groupMemberInputSchema,
    responses: [ok(groupDetailSchema)],
  },
  ({ params, viewer, body }) => addGroupMember(viewer, { id: parseId(params.id), username: body.username, owner: body.owner }),
);
