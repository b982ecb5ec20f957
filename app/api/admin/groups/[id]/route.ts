// GET/PUT/DELETE /api/admin/groups/{id}: a group with its members, rename/describe it, delete it (admin; issue 57).
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteGroup, getGroupForAdmin, updateGroup } from "@/lib/services/groups/groups";
import { groupDetailSchema, groupPatchSchema, groupSchema } from "@/lib/validation/groups";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "A group and its members", responses: [ok(groupDetailSchema)] }, ({ params, viewer }) =>
  getGroupForAdmin(viewer, { id: parseId(params.id) }),
);

export const PUT = route(
  { ...admin, summary: "Edit a group", body: groupPatchSchema, responses: [ok(groupSchema)], errors: [409] },
  ({ params, viewer, body }) => updateGroup(viewer, { id: parseId(params.id), input: body }),
);

export const DELETE = route(
  { ...admin, summary: "Delete a group (its memberships and the permissions naming it)", responses: [empty()] },
  async ({ params, viewer }) => {
    await deleteGroup(viewer, { id: parseId(params.id) });
    return noContent();
  },
);
