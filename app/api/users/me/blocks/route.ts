// GET /api/users/me/blocks: the members the caller blocked, newest first.
import { okList, route } from "@/lib/api/route";
import { listBlocks } from "@/lib/services/social/blocks";
import { blockedMemberSchema } from "@/lib/validation/social";

export const GET = route(
  {
    tag: "Users",
    summary: "Members I blocked",
    description: "Newest first, at most 1000.",
    auth: "required",
    responses: [okList(blockedMemberSchema)],
  },
  ({ viewer }) => listBlocks(viewer),
);
