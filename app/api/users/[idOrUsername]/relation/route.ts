// GET /api/users/{idOrUsername}/relation: the caller and this member (follow, block, may message), for the buttons on shared pages.
import { ok, route } from "@/lib/api/route";
import { getRelation } from "@/lib/services/social/blocks";
import { relationSchema } from "@/lib/validation/social";

export const GET = route(
  {
    tag: "Users",
    summary: "The caller and this member",
    description:
      "Whether the caller follows, is followed by, has blocked, and may message this member. Anonymous callers get all false (200).",
    auth: "optional",
    responses: [ok(relationSchema)],
  },
  ({ params, viewer }) => getRelation(viewer, { identifier: params.idOrUsername ?? "" }),
);
