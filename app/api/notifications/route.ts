// GET /api/notifications?page&size: the caller's notifications, newest first.
import { okList, route } from "@/lib/api/route";
import { listNotifications } from "@/lib/services/notifications/notifications";
import { notificationListQuerySchema } from "@/lib/validation/notifications";
import { notificationSchema } from "@/lib/validation/responses";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Notifications",
    summary: "The caller's notifications, newest first",
    description: "Types the caller turned off are left out (still recorded). An embedded post the caller may not see is null.",
    auth: "required",
    query: notificationListQuerySchema,
    responses: [okList(notificationSchema)],
  },
  ({ viewer, query }) => listNotifications(viewer, query),
);
