// GET /api/admin/flags?status=open|resolved (staff, or a moderator of a category: its items only, issue 57): the flag queue, paged.
import { okList, route } from "@/lib/api/route";
import { listFlags } from "@/lib/services/moderation/flags";
import { adminFlagSchema, listFlagsQuerySchema } from "@/lib/validation/moderation";

export const GET = route(
  {
    tag: "Moderation",
    summary: "The flag queue",
    description:
      "`status=open` (oldest first, the default) or `resolved` (newest first), with target, reporter and the target's open flag count. A category moderator gets the flags of their categories' posts and comments; 403 for other members.",
    auth: "required",
    query: listFlagsQuerySchema,
    responses: [okList(adminFlagSchema)],
  },
  ({ viewer, query }) => listFlags(viewer, query),
);
