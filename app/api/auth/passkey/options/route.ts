// POST /api/auth/passkey/options: the options (and a challenge) for signing in with a passkey.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { passkeySignInOptions } from "@/lib/services/auth/passkeys";
import { passkeyOptionsSchema, passkeySignInOptionsSchema } from "@/lib/validation/passkeys";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Sign in with a passkey: options",
    description:
      "PublicKeyCredentialRequestOptionsJSON for `startAuthentication()` of @simplewebauthn/browser, with user verification. Without `username` any passkey of this site may answer (discoverable credentials); with one, that member's passkeys are listed too. The challenge is kept on the server for 5 minutes and works once. Limited per address (429).",
    auth: "none",
    body: passkeySignInOptionsSchema,
    bodyOptional: true,
    bodyLimit: 4 * 1024,
    responses: [ok(passkeyOptionsSchema)],
    errors: [429],
  },
  ({ req, body }) => passkeySignInOptions({ username: body?.username, ip: clientIp(req.headers) }),
);
