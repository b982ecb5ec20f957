// POST /api/notifications/read {ids} → {updated}; only the caller's own notifications change.
import { ok, route } from "@/lib/api/route";
import { markRead } from "@/lib/services/notifications/notifications";
import { markReadSchema, updatedCountSchema } from "@/lib/validation/notifications";

export const POST = route(
  {
    tag: "Notifications",
    summary: "Mark notifications read",
    description: "Ids of other users' notifications are ignored.",
    auth: "required",
    body: markReadSchema,
    responses: [ok(updatedCountSchema)],
  },
  ({ viewer, body }) => markRead(viewer, { ids: body.ids }),
);
