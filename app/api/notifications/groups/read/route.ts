// POST /api/notifications/groups/read {key, upTo?} → {updated}: every unread notification of the group, in one statement.
import { ok, route } from "@/lib/api/route";
import { markGroupRead } from "@/lib/services/notifications/groups";
import { markGroupReadSchema } from "@/lib/validation/notification-groups";
import { updatedCountSchema } from "@/lib/validation/notifications";

export const POST = route(
  {
    tag: "Notifications",
    summary: "Mark a notification group read",
    description: "Only the caller's own notifications change; an unknown key marks nothing.",
    auth: "required",
    body: markGroupReadSchema,
    responses: [ok(updatedCountSchema)],
  },
  ({ viewer, body }) => markGroupRead(viewer, { key: body.key, upTo: body.upTo }),
);
