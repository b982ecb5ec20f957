// POST /api/auth/passkey/verify: a passkey's answer for a 30-day login token (as POST /api/auth/login).
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { loginWithPasskey } from "@/lib/services/auth/passkeys";
import { authResultSchema } from "@/lib/validation/auth";
import { passkeySignInSchema } from "@/lib/validation/passkeys";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Sign in with a passkey and get a 30-day token",
    description:
      "The answer of `startAuthentication()` to the options of `POST /api/auth/passkey/options`. A passkey is a second factor too: a member with two-factor sign-in is not asked for a code. An unknown, used or out-of-date challenge, an unknown passkey, a wrong signature or origin, or a signature counter that did not move forward answer 401 `unauthorized`; attempts are limited per address and per passkey like passwords (429).",
    auth: "none",
    body: passkeySignInSchema,
    bodyLimit: 64 * 1024,
    responses: [ok(authResultSchema)],
    errors: [429],
  },
  ({ req, body }) =>
    loginWithPasskey({ response: body.response, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" }),
);
