// POST /api/auth/login: exchange a username (or email) and password for a 30-day login token.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { loginUser } from "@/lib/services/users/users";
import { authResultSchema, loginSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Sign in and get a 30-day token",
    description:
      "A member with two-factor sign-in: the right password alone answers 401 `two_factor_required` (field `otp`); send the same body again with `otp` (the 6 digits of the authenticator app, or one of the recovery codes) to get the token. A wrong, reused or out-of-date `otp` answers 401 `two_factor_invalid`; codes are limited like passwords (429). Tokens issued before two-factor sign-in was turned on keep working. While an admin requires SSO-only sign-in, a right password of a member who is not an admin answers 403 `sso_only` (a wrong one stays 401 `unauthorized`): sign in through the forum's identity provider in a browser instead. A suspended member gets the token (reads work; writes answer 403 `suspended`).",
    auth: "none",
    body: loginSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(authResultSchema)],
    errors: [429],
    errorCodes: {
      401: [
        { code: "unauthorized", description: "wrong username, email or password (nothing says which)" },
        { code: "two_factor_required", description: "the password is right; send it again with `otp` (field `otp`)" },
        { code: "two_factor_invalid", description: "the `otp` is wrong, used already or out of date (field `otp`)" },
      ],
      403: [{ code: "sso_only", description: "password sign-in is off (SSO-only): sign in through the identity provider" }],
    },
  },
  ({ req, body }) => loginUser({ ...body, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" }),
);
