// GET /api/notifications/unread?page&size: the caller's unread notifications, newest first.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listNotifications } from "@/lib/services/notifications";
import { notificationListQuerySchema } from "@/lib/validation/notifications";
import { requireViewer } from "@/lib/viewer";

export const dynamic = "force-dynamic";

export const GET = route(
  ({ req, viewer }) => listNotifications(requireViewer(viewer), { ...parseQuery(req, notificationListQuerySchema), unreadOnly: true }),
  { auth: "required" },
);
