import { z } from "zod";

const intString = z.string().regex(/^\d{1,15}$/, "must be a non-negative integer").transform(Number);

/** GET /api/events query. */
export const eventStreamQuerySchema = z.object({
  postId: intString.pipe(z.number().int().min(1).max(2147483647)).optional(),
  lastEventId: intString.optional(),
});

export const EVENT_TYPES = ["notification", "comment", "comment_changed", "post_created", "post_changed", "counts", "reload"] as const;

/** The `data` of one event of GET /api/events (ids only: clients read the objects through the API). */
export const liveEventSchema = z
  .object({
    id: z.number().int().meta({ description: "also the SSE `id:`; send it back as Last-Event-ID to resume" }),
    type: z.enum(EVENT_TYPES),
    userId: z.number().int().optional().meta({ description: "notification: the recipient (always the caller)" }),
    notificationId: z.number().int().optional(),
    kind: z.string().optional().meta({ description: "notification type" }),
    postId: z.number().int().nullable().optional(),
    commentId: z.number().int().optional(),
    parentId: z.number().int().nullable().optional(),
    actorId: z.number().int().optional(),
    authorId: z.number().int().optional(),
    categoryId: z.number().int().optional(),
    table: z.string().optional().meta({ description: "counts: reactions, poll_votes or lottery_participants" }),
  })
  .meta({ id: "LiveEvent" });
