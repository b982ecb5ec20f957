import { z } from "zod";
import { isoDateTime, reactionSchema, userSummarySchema } from "@/lib/validation/responses";
import { withinMarkdownLimits } from "@/lib/validation/markdown";

import { MAX_GROUP_MEMBERS, MESSAGE_MAX_LENGTH } from "@/lib/validation/message-limits";

export { MAX_GROUP_MEMBERS, MESSAGE_MAX_LENGTH, MESSAGE_PAGE } from "@/lib/validation/message-limits";

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be an integer`)
    .positive(`${field} must be a positive id`)
    .max(2_147_483_647, `${field} is out of range`);

const content = z
  .string({ error: "content is required" })
  .min(1, "content must not be empty")
  .max(MESSAGE_MAX_LENGTH, `content must be at most ${MESSAGE_MAX_LENGTH} characters`)
  .refine((s) => s.trim().length > 0, "content must not be blank")
  .superRefine(withinMarkdownLimits(MESSAGE_MAX_LENGTH));

const replyToId = id("replyToId").nullable().optional();

/** POST /api/messages (OpenIsle's MessageRequest): to one member, in the conversation of the two. */
export const sendMessageSchema = z.object({ recipientId: id("recipientId"), content, replyToId }).meta({ id: "SendMessage" });

/** POST /api/messages/conversations/{id}/messages (OpenIsle's ChannelMessageRequest). */
export const conversationMessageSchema = z.object({ content, replyToId }).meta({ id: "ConversationMessage" });

/**
 * POST /api/messages/conversations (OpenIsle's CreateConversationRequest): `recipientId` finds or
 * creates the conversation of two; the extension `recipientIds` (+ `name`) creates a group of up to
 * 10 members.
 */
export const createConversationSchema = z
  .object({
    recipientId: id("recipientId").optional(),
    recipientIds: z
      .array(id("recipientIds"))
      .min(1, "recipientIds must name at least one member")
      .max(MAX_GROUP_MEMBERS - 1, `a conversation has at most ${MAX_GROUP_MEMBERS} members`)
      .optional()
      .meta({ description: `extension: a group conversation with these members and the caller (at most ${MAX_GROUP_MEMBERS} in all)` }),
    name: z.string().trim().min(1, "name must not be empty").max(64, "name must be at most 64 characters").optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.recipientId === undefined) === (v.recipientIds === undefined)) {
      ctx.addIssue({ code: "custom", path: ["recipientId"], message: "give recipientId, or recipientIds for a group" });
    }
  })
  .meta({ id: "CreateConversationRequest" });

/** GET /api/messages/conversations/{id}: OpenIsle's page (0-based, newest first) or, as an extension, the messages before an id. */
export const conversationQuerySchema = z.object({
  page: z.coerce.number().int("page must be an integer").min(0, "page must be 0 or more").max(1_000_000).default(0),
  size: z.coerce.number().int("size must be an integer").min(1, "size must be 1..100").max(100, "size must be 1..100").default(20),
  before: id("before").optional().meta({ description: "extension: the `size` messages older than this message id (for scrolling up)" }),
});

/** GET /api/messages/conversations: newest first; OpenIsle returns them all, we page them. */
export const conversationsQuerySchema = z.object({
  page: z.coerce.number().int("page must be an integer").min(0, "page must be 0 or more").max(1_000_000).default(0),
  size: z.coerce.number().int("size must be an integer").min(1, "size must be 1..100").max(100, "size must be 1..100").default(50),
});

const messageFields = {
  id: z.number().int(),
  content: z.string().meta({ description: "markdown as written" }),
  sender: userSummarySchema,
  conversationId: z.number().int(),
  createdAt: isoDateTime,
};

/** The message a message replies to (OpenIsle fills id, content and sender only). */
export const messageReplySchema = z
  .object({ ...messageFields, replyTo: z.null(), reactions: z.array(reactionSchema) })
  .meta({ id: "MessageReply" });

export const messageSchema = z
  .object({
    ...messageFields,
    replyTo: messageReplySchema.nullable(),
    reactions: z.array(reactionSchema),
    html: z.string().meta({ description: "extension: the content rendered and sanitized as a comment's" }),
    event: z
      .object({ type: z.literal("members_added"), userIds: z.array(z.number().int()) })
      .nullable()
      .meta({
        description:
          "extension: a system line rather than a member's words (the sender added these members; `content` says the same in English), else null",
      }),
  })
  .meta({ id: "Message" });

export const conversationSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable().meta({ description: "a group's name; null for two members" }),
    channel: z.boolean().meta({ description: "always false (OpenIsle's public channels are not offered)" }),
    avatar: z.string().nullable(),
    lastMessage: messageSchema.nullable(),
    participants: z.array(userSummarySchema),
    createdAt: isoDateTime,
    unreadCount: z.number().int(),
    group: z.boolean().meta({ description: "extension: more than two members" }),
    lastMessageAt: isoDateTime.nullable().meta({ description: "extension" }),
  })
  .meta({ id: "Conversation" });

/** Spring's Page as OpenIsle's clients read it (content, number, totalPages…). */
export const messagePageSchema = z
  .object({
    content: z.array(messageSchema).meta({ description: "newest first" }),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    numberOfElements: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
  })
  .meta({ id: "MessagePage" });

export const participantReadSchema = z
  .object({ userId: z.number().int(), lastReadMessageId: z.number().int(), lastReadAt: isoDateTime.nullable() })
  .meta({ id: "ParticipantRead" });

export const conversationDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    channel: z.boolean(),
    avatar: z.string().nullable(),
    participants: z.array(userSummarySchema),
    messages: messagePageSchema,
    group: z.boolean().meta({ description: "extension" }),
    reads: z.array(participantReadSchema).meta({ description: "extension: each member's read mark (read receipts)" }),
  })
  .meta({ id: "ConversationDetail" });

/** POST /api/messages/conversations/{id}/participants (extension): members to add to a group. */
export const addParticipantsSchema = z
  .object({
    userIds: z
      .array(id("userIds"))
      .min(1, "userIds must name at least one member")
      .max(MAX_GROUP_MEMBERS - 1, `a conversation has at most ${MAX_GROUP_MEMBERS} members`),
  })
  .meta({ id: "AddParticipantsRequest" });

export const addParticipantsResponseSchema = z
  .object({
    conversationId: z.number().int(),
    added: z.array(userSummarySchema).meta({ description: "the members added (people already in it are left out)" }),
    participants: z.array(userSummarySchema),
    message: messageSchema.nullable().meta({ description: "the system line that tells the members, null when nobody new was added" }),
  })
  .meta({ id: "AddParticipantsResponse" });

export const createConversationResponseSchema = z.object({ conversationId: z.number().int() }).meta({ id: "CreateConversationResponse" });

export const messageUnreadCountSchema = z
  .number()
  .int()
  .meta({ id: "MessageUnreadCount", description: "unread messages, all conversations" });

export type MessageDto = z.infer<typeof messageSchema>;
export type MessageReplyDto = z.infer<typeof messageReplySchema>;
export type ConversationDto = z.infer<typeof conversationSchema>;
export type ConversationDetailDto = z.infer<typeof conversationDetailSchema>;
export type ParticipantReadDto = z.infer<typeof participantReadSchema>;
export type AddParticipantsResponse = z.infer<typeof addParticipantsResponseSchema>;
