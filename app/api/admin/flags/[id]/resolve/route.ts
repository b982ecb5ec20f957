// POST /api/admin/flags/{id}/resolve (staff, or a moderator of a category: its items only, issue 57): act on the target (DISMISS | HIDE | DELETE | CLOSE_POST), resolving all its open flags.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { resolveFlag } from "@/lib/services/moderation/flags";
import { resolvedFlagsSchema, resolveFlagSchema } from "@/lib/validation/moderation";

export const POST = route(
  {
    tag: "Moderation",
    summary: "Resolve a flag with an action",
    description:
      "Acts on the flag's target and resolves every open flag on it: DISMISS (unhide), HIDE (a post becomes REJECTED), DELETE, CLOSE_POST (unhide, close). Each flagger gets FLAG_RESOLVED with the outcome. A category moderator resolves the flags of their categories (404 for others') with DISMISS, HIDE or CLOSE_POST (DELETE: 403).",
    auth: "required",
    body: resolveFlagSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(resolvedFlagsSchema)],
    errors: [403, 404, 409],
  },
  ({ params, viewer, body }) => resolveFlag(viewer, { id: parseId(params.id), action: body.action }),
);
