// DELETE /api/admin/groups/{id}/members/{username}: remove a member (admins; a group's owners too).
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { removeGroupMember } from "@/lib/services/groups/groups";

export const DELETE = route(
  { tag: "Administration", summary: "Remove a member from a group", auth: "required", responses: [empty()] },
  async ({ params, viewer }) => {
    await removeGroupMember(viewer, { id: parseId(params.id), username: params.username ?? "" });
    return noContent();
  },
);
