// POST /api/posts/read-all: "mark all read" (no post counts as new or unread up to now).
import { ok, route } from "@/lib/api/route";
import { markAllRead } from "@/lib/services/posts/reads";
import { allReadSchema } from "@/lib/validation/responses";

export const POST = route(
  {
    tag: "Posts",
    summary: "Mark all read",
    description: "From now, no post counts as new and no comment before now as unread (`isNew`, `newComments` on Post objects).",
    auth: "required",
    responses: [ok(allReadSchema)],
  },
  ({ viewer }) => markAllRead(viewer),
);
