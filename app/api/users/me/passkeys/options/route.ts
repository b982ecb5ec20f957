// POST /api/users/me/passkeys/options: the options (and a challenge) for adding a passkey in the browser.
import { ok, route } from "@/lib/api/route";
import { passkeyRegistrationOptions } from "@/lib/services/auth/passkeys";
import { passkeyOptionsSchema } from "@/lib/validation/passkeys";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Passkeys: options for adding one",
    description:
      "PublicKeyCredentialCreationOptionsJSON for `startRegistration()` of @simplewebauthn/browser: a discoverable credential with user verification, excluding the caller's passkeys. The challenge is kept on the server for 5 minutes and works once. 409 at 20 passkeys.",
    auth: "required",
    responses: [ok(passkeyOptionsSchema)],
    errors: [409],
  },
  ({ viewer }) => passkeyRegistrationOptions(viewer),
);
