// GET /api/users/me/privacy · PUT {messagePolicy}: who may send the caller direct messages.
import { ok, route } from "@/lib/api/route";
import { getPrivacy, updatePrivacy } from "@/lib/services/social/blocks";
import { privacySchema, updatePrivacySchema } from "@/lib/validation/social";

export const GET = route({ tag: "Users", summary: "My privacy settings", auth: "required", responses: [ok(privacySchema)] }, ({ viewer }) =>
  getPrivacy(viewer),
);

export const PUT = route(
  {
    tag: "Users",
    summary: "Save my privacy settings",
    description: "`messagePolicy`: EVERYONE, FOLLOWING (only members I follow) or NOBODY. Blocked members can never message me.",
    auth: "required",
    body: updatePrivacySchema,
    responses: [ok(privacySchema)],
  },
  ({ viewer, body }) => updatePrivacy(viewer, body),
);
