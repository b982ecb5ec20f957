// GET /api/groups/{id}: a group and its members, for whoever the group's member list is visible to (issue 57).
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getGroup } from "@/lib/services/groups/groups";
import { groupDetailSchema } from "@/lib/validation/groups";

export const GET = route(
  {
    tag: "Users",
    summary: "A group and its members (where its member list is visible)",
    auth: "optional",
    responses: [ok(groupDetailSchema)],
  },
  ({ params, viewer }) => getGroup(viewer, { id: parseId(params.id) }),
);
