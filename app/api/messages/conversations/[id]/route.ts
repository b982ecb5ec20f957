// GET /api/messages/conversations/{id}?page&size (OpenIsle; extension `before`): members only, opening it marks it read.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getConversation } from "@/lib/services/messages/conversations";
import { conversationDetailSchema, conversationQuerySchema } from "@/lib/validation/messages";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Messages",
    summary: "A conversation and a page of its messages",
    description:
      "Members only: anyone else gets 404, whether or not it exists. Messages newest first in Spring's page shape (`content`, `number`, `totalPages`…); `before` (extension) gives the `size` messages older than that id instead of a page. Opening it marks it read for the caller. Where an admin allows it (site setting `staffReadMessages`, off by default), staff may read a conversation they are not in, and every such read is written to the audit log.",
    auth: "required",
    query: conversationQuerySchema,
    responses: [ok(conversationDetailSchema)],
  },
  ({ viewer, params, query }) => getConversation(viewer, { conversationId: parseId(params.id), ...query }),
);
