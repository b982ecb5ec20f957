import { z } from "zod";
import { NOTIFICATION_TYPES } from "@/db/schema/enums";
import { isoDateTime, notificationSchema, userSummarySchema } from "@/lib/validation/responses";

/**
 * GET /api/notifications/groups: the notifications page's list, grouped on the server.
 * An addition beside the flat list of interface-spec.md §4.4, which keeps its shape.
 */
export const notificationGroupsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0).meta({ description: "0-based page of groups" }),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1")
    .meta({ description: "true: only unread groups" }),
});
export type NotificationGroupsQuery = z.infer<typeof notificationGroupsQuerySchema>;

export const NOTIFICATION_GROUP_KINDS = ["replies", "comments", "mentions", "votes", "views", "lottery", "single"] as const;
export type NotificationGroupKind = (typeof NOTIFICATION_GROUP_KINDS)[number];

export const notificationGroupSchema = z
  .object({
    key: z.string().meta({
      description:
        'the group: "<type>:<postId>:<u|r>" for notifications of one type on one post (unread and read ones are separate groups), "n:<id>" for a notification on its own',
    }),
    kind: z.enum(NOTIFICATION_GROUP_KINDS).meta({
      description:
        "replies (COMMENT_REPLY), comments (POST_UPDATED with a comment: on a post the member follows), mentions, votes (POLL_VOTE), views (POST_VIEWED), lottery (LOTTERY_WIN, LOTTERY_DRAW) per post; single: any other notification",
    }),
    type: z.enum(NOTIFICATION_TYPES),
    count: z.number().int().min(1).meta({ description: "every notification in the group, not only those on this page" }),
    actorCount: z.number().int().min(0).meta({ description: "distinct members who acted (REACTION: its actorCount)" }),
    actors: z.array(userSummarySchema).meta({ description: "the latest (at most 3) distinct members, newest first" }),
    read: z.boolean().meta({ description: "every member is read (false: every member is unread)" }),
    latestAt: isoDateTime,
    latestId: z.number().int(),
    latest: notificationSchema.meta({ description: "the group's newest notification, as GET /api/notifications answers it" }),
  })
  .meta({ id: "NotificationGroup" });
export type NotificationGroupDto = z.infer<typeof notificationGroupSchema>;

export const notificationGroupPageSchema = z
  .object({
    items: z.array(notificationGroupSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: "NotificationGroupPage" });
export type NotificationGroupPage = z.infer<typeof notificationGroupPageSchema>;

export const markGroupReadSchema = z
  .object({
    key: z.string().regex(/^(?:n:\d{1,10}|[A-Z_]{1,40}:\d{1,10}:[ur])$/, "not a notification group key"),
    upTo: z.number().int().positive().optional().meta({
      description: "the group's latestId as shown: a notification that joined the group after it is left unread",
    }),
  })
  .meta({ id: "MarkNotificationGroupRead" });
