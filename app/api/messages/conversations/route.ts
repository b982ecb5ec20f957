// GET /api/messages/conversations (the caller's, newest first) · POST {recipientId} find or create (OpenIsle), {recipientIds, name} a group.
import { ok, okList, route } from "@/lib/api/route";
import { createConversation, listConversations } from "@/lib/services/messages/conversations";
import {
  conversationSchema,
  conversationsQuerySchema,
  createConversationResponseSchema,
  createConversationSchema,
} from "@/lib/validation/messages";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Messages",
    summary: "The caller's conversations",
    description:
      "Newest message first, each with its last message, members and the caller's unread count. OpenIsle returns every conversation; this is paged (`page` from 0, `size` default 50, at most 100).",
    auth: "required",
    query: conversationsQuerySchema,
    responses: [okList(conversationSchema)],
  },
  ({ viewer, query }) => listConversations(viewer, query),
);

export const POST = route(
  {
    tag: "Messages",
    summary: "Find or create a conversation",
    description: `\`recipientId\`: the caller's conversation with that member, created if there is none (OpenIsle). Extension: \`recipientIds\` (and an optional \`name\`) create a group conversation of at most 10 members. The rules of POST /api/messages apply to every new member.`,
    auth: "required",
    body: createConversationSchema,
    responses: [ok(createConversationResponseSchema, "The conversation's id")],
  },
  ({ viewer, body }) => createConversation(viewer, body),
);
