import { z } from "zod";
import { idList, idString, upToString } from "@/lib/validation/posts";
import { zeroOrOne } from "@/lib/validation/users";

const intString = z
  .string()
  .regex(/^\d{1,15}$/, "must be a non-negative integer")
  .transform(Number);

/** GET /api/events query. */
export const eventStreamQuerySchema = z.object({
  postId: intString.pipe(z.number().int().min(1).max(2147483647)).optional(),
  lastEventId: intString.optional(),
  // The member's page-state (GET /api/users/me/page-state) as the stream's first message, so a page
  // that opens the stream anyway needs no second request for it.
  state: zeroOrOne.meta({
    description:
      "1: send the caller's page-state first, as an `event: page-state` message (`page-state-error` with a docs/api.md §1 body and `status` when it cannot)",
  }),
  statePostIds: idList.default([]).meta({ description: "page-state's postIds" }),
  statePostId: idString.optional().meta({ description: "page-state's postId" }),
  stateVisit: zeroOrOne.meta({ description: "page-state's visit" }),
  stateView: zeroOrOne.meta({ description: "page-state's view" }),
  stateMuted: zeroOrOne.meta({ description: "page-state's muted" }),
  stateUpTo: upToString.optional().meta({ description: "page-state's upTo" }),
});
export const EVENT_STREAM_ARRAY_KEYS = ["statePostIds"] as const;

export const EVENT_TYPES = [
  "notification",
  "comment",
  "comment_changed",
  "post_created",
  "post_changed",
  "counts",
  "reload",
  "message",
  "message_read",
  "review",
] as const;

/** The `data` of one event of GET /api/events (ids only: clients read the objects through the API). */
export const liveEventSchema = z
  .object({
    id: z.number().int().meta({ description: "also the SSE `id:`; send it back as Last-Event-ID to resume" }),
    type: z.enum(EVENT_TYPES),
    userId: z.number().int().optional().meta({ description: "notification: the recipient (always the caller)" }),
    notificationId: z.number().int().optional(),
    kind: z.string().optional().meta({
      description:
        "notification: its type; review (sent to moderators and admins, and to a category moderator for their categories only): post or flag (something entered the review queue: refetch its count), reviewed (something left it)",
    }),
    count: z.number().int().optional().meta({ description: "review: how many flags one write raised or resolved in this category" }),
    flagId: z.number().int().optional().meta({ description: "review (kind flag, when one flag): the flag" }),
    postId: z.number().int().nullable().optional(),
    commentId: z.number().int().optional(),
    parentId: z.number().int().nullable().optional(),
    actorId: z.number().int().optional(),
    authorId: z.number().int().optional(),
    categoryId: z.number().int().optional(),
    table: z.string().optional().meta({ description: "counts: reactions, poll_votes or lottery_participants" }),
    conversationId: z.number().int().optional().meta({ description: "message, message_read: the conversation (sent to its members only)" }),
    messageId: z
      .number()
      .int()
      .optional()
      .meta({ description: "message: the new message; message_read: the member's (actorId's) read mark" }),
    userIds: z.array(z.number().int()).optional().meta({ description: "message, message_read: the conversation's members" }),
  })
  .meta({ id: "LiveEvent" });
