// GET /api/users/me/site-state: the member's own part of the site's chrome: the banner dismissed, the terms to accept.
import { ok, route } from "@/lib/api/route";
import { getMySiteState } from "@/lib/services/site/banner";
import { mySiteStateSchema } from "@/lib/validation/site";

export const GET = route(
  { tag: "Accounts", summary: "Banner and terms state of the signed-in member", auth: "required", responses: [ok(mySiteStateSchema)] },
  ({ viewer }) => getMySiteState(viewer),
);
