// POST /api/auth/register: create an account and get a 30-day login token.
import { clientIp } from "@/lib/api/client-ip";
import { created, made, route } from "@/lib/api/route";
import { registerUser } from "@/lib/services/users/users";
import { authResultSchema, registerSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Register",
    description:
      "While an admin requires SSO-only sign-in, sign-up with a password answers 403 `sso_only`: new accounts are made by signing in through the identity provider. With sign-up closed: 403 `registration_closed`.",
    auth: "none",
    body: registerSchema,
    bodyLimit: 16 * 1024,
    responses: [made(authResultSchema)],
    errors: [409, 429],
    errorCodes: {
      403: [
        { code: "sso_only", description: "password sign-up is off (SSO-only): sign in through the identity provider to make an account" },
        { code: "registration_closed", description: "sign-up is closed on this forum" },
      ],
    },
  },
  async ({ req, body }) =>
    created(await registerUser({ ...body, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" })),
);
