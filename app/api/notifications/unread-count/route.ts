// GET /api/notifications/unread-count → {count}, without the types the caller turned off.
import { ok, route } from "@/lib/api/route";
import { unreadCount } from "@/lib/services/notifications/notifications";
import { unreadCountSchema } from "@/lib/validation/notifications";

export const dynamic = "force-dynamic";

export const GET = route(
  { tag: "Notifications", summary: "Number of unread notifications (enabled types)", auth: "required", responses: [ok(unreadCountSchema)] },
  ({ viewer }) => unreadCount(viewer),
);
