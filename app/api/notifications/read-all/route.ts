// POST /api/notifications/read-all → {updated}.
import { ok, route } from "@/lib/api/route";
import { markAllRead } from "@/lib/services/notifications/notifications";
import { updatedCountSchema } from "@/lib/validation/notifications";

export const POST = route(
  { tag: "Notifications", summary: "Mark every notification read", auth: "required", responses: [ok(updatedCountSchema)] },
  ({ viewer }) => markAllRead(viewer),
);
