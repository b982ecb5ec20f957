// GET /api/notifications/unread?page&size: the caller's unread notifications, newest first.
import { okList, route } from "@/lib/api/route";
import { listNotifications } from "@/lib/services/notifications/notifications";
import { notificationListQuerySchema } from "@/lib/validation/notifications";
import { notificationSchema } from "@/lib/validation/responses";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Notifications",
    summary: "The caller's unread notifications",
    auth: "required",
    query: notificationListQuerySchema,
    responses: [okList(notificationSchema)],
  },
  ({ viewer, query }) => listNotifications(viewer, { ...query, unreadOnly: true }),
);
