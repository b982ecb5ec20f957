// GET /api/users/{idOrUsername}/relation: the caller and this member (follow, block, may message), for the buttons on shared pages.
import { errorLocale } from "@/lib/api/errors";
import { ok, route } from "@/lib/api/route";
import { getRelation } from "@/lib/services/social/blocks";
import { relationSchema } from "@/lib/validation/social";

export const GET = route(
  {
    tag: "Users",
    summary: "The caller and this member",
    description:
      "Whether the caller follows, is followed by, has blocked, and may message this member, and (`messageRefusal`, in the page's language) why they may not start or continue a conversation with them. Anonymous callers get all false (200).",
    auth: "optional",
    responses: [ok(relationSchema)],
  },
  ({ req, params, viewer }) => getRelation(viewer, { identifier: params.idOrUsername ?? "", locale: errorLocale(req) }),
);
