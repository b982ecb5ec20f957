// GET/POST /api/users/me/terms: the terms version in force and the one the member accepted; accept the current one.
import { ok, route } from "@/lib/api/route";
import { acceptTerms, getTermsState } from "@/lib/services/site/legal";
import { termsAcceptSchema, termsStateSchema } from "@/lib/validation/site";

export const GET = route(
  { tag: "Accounts", summary: "The terms the member accepted", auth: "required", responses: [ok(termsStateSchema)] },
  ({ viewer }) => getTermsState(viewer),
);

export const POST = route(
  {
    tag: "Accounts",
    summary: "Accept the terms",
    description: "`version` must be the version in force: an older one (a newer was published meanwhile) is a 409.",
    auth: "required",
    body: termsAcceptSchema,
    responses: [ok(termsStateSchema)],
    errors: [409],
  },
  ({ viewer, body }) => acceptTerms(viewer, body),
);
