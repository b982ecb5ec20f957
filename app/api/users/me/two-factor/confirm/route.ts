// POST /api/users/me/two-factor/confirm: the first code from the app turns two-factor sign-in on; answers the recovery codes.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { confirmTwoFactor } from "@/lib/services/auth/two-factor";
import { recoveryCodesSchema, twoFactorConfirmSchema } from "@/lib/validation/two-factor";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Two-factor sign-in: confirm a code and turn it on",
    description:
      "The 6 digits the app shows for the secret from `POST /api/users/me/two-factor`. Answers 10 one-time recovery codes, shown this once (only their hashes are kept). A wrong code is a 400 naming `code`, counted like a wrong password (429 past the sign-in limit); 409 when it is on already.",
    auth: "required",
    body: twoFactorConfirmSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(recoveryCodesSchema)],
    errors: [409, 429],
  },
  ({ req, viewer, body }) => confirmTwoFactor(viewer, { code: body.code, ip: clientIp(req.headers) }),
);
