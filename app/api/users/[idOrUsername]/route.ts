// GET /api/users/{idOrUsername}: a public profile, by numeric id or username.
import { ok, route } from "@/lib/api/route";
import { getProfile } from "@/lib/services/users/profiles";
import { profileSchema } from "@/lib/validation/auth";

export const GET = route(
  {
    tag: "Users", summary: "A public profile",
    description: "By numeric id or username (case-insensitive; an id wins over a numeric username). Counts cover only posts the caller may see.",
    auth: "optional", responses: [ok(profileSchema)],
  },
  ({ params, viewer }) => getProfile(params.idOrUsername ?? "", viewer),
);
