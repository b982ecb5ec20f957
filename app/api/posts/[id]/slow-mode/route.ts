// PUT /api/posts/{id}/slow-mode (moderators): seconds a member waits between comments on the post; 0 turns it off.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setSlowMode } from "@/lib/services/comments/slow-mode";
import { slowModeResultSchema, slowModeSchema } from "@/lib/validation/posts";

export const PUT = route(
  {
    tag: "Moderation",
    summary: "Set a post's slow mode",
    description:
      "A member's next comment on the post within `seconds` of their previous one answers 429 with Retry-After. Staff are not slowed.",
    auth: "required",
    role: "MODERATOR",
    body: slowModeSchema,
    responses: [ok(slowModeResultSchema)],
    errors: [429],
  },
  ({ viewer, params, body }) => setSlowMode(viewer, { postId: parseId(params.id), seconds: body.seconds }),
);
