// POST /api/messages/conversations/{id}/participants {userIds} (extension): a member adds people to a group.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { addParticipants } from "@/lib/services/messages/participants";
import { addParticipantsResponseSchema, addParticipantsSchema } from "@/lib/validation/messages";

export const POST = route(
  {
    tag: "Messages",
    summary: "Add members to a group conversation",
    description:
      "Extension (OpenIsle has no such request). Members only (anyone else 404); groups only (400 for a conversation of two); at most 10 members in all. Each person added must accept messages from the caller (blocks, their message policy, the level rule: 403), and no block may stand between them and a member. People already in it are left as they are. A system line (`event.type` `members_added`) tells the members, live.",
    auth: "required",
    body: addParticipantsSchema,
    responses: [ok(addParticipantsResponseSchema, "Who was added, everyone in it now, and the system line")],
  },
  ({ viewer, params, body }) => addParticipants(viewer, { conversationId: parseId(params.id), userIds: body.userIds }),
);
