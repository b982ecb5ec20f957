// GET /api/notifications/groups?page&pageSize&unread: the caller's notifications grouped per post and kind.
import { ok, route } from "@/lib/api/route";
import { listNotificationGroups } from "@/lib/services/notifications/groups";
import { notificationGroupPageSchema, notificationGroupsQuerySchema } from "@/lib/validation/notification-groups";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Notifications",
    summary: "The caller's notifications grouped, newest group first",
    description:
      "An addition beside GET /api/notifications (which keeps one notification per event): replies, comments on a followed post, mentions, poll votes, views and a lottery's notices on one post are one group with its true count and latest members; unread and read notifications are separate groups. Paging counts groups.",
    auth: "required",
    query: notificationGroupsQuerySchema,
    responses: [ok(notificationGroupPageSchema)],
  },
  ({ viewer, query }) => listNotificationGroups(viewer, query),
);
