// POST /api/users/me/banner-dismissals: the member hides the announcement banner (this version of it).
import { ok, route } from "@/lib/api/route";
import { dismissBanner } from "@/lib/services/site/banner";
import { bannerDismissedSchema, bannerDismissSchema } from "@/lib/validation/site";

export const POST = route(
  { tag: "Accounts", summary: "Dismiss the banner", auth: "required", body: bannerDismissSchema, responses: [ok(bannerDismissedSchema)] },
  ({ viewer, body }) => dismissBanner(viewer, body),
);
