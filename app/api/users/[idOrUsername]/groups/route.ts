// GET /api/users/{idOrUsername}/groups: the member's groups the caller may see (issue 57; a profile's list).
import { okList, route } from "@/lib/api/route";
import { listProfileGroups } from "@/lib/services/users/profile-lists";
import { groupSchema } from "@/lib/validation/groups";

export const GET = route(
  {
    tag: "Users",
    summary: "The member's groups the caller may see",
    description:
      "Groups whose member list is visible to everyone, to members, to staff, or to the group's own members, as the caller is. The profile page lists them.",
    auth: "optional",
    responses: [okList(groupSchema)],
  },
  ({ params, viewer }) => listProfileGroups(viewer, { idOrUsername: params.idOrUsername ?? "" }),
);
