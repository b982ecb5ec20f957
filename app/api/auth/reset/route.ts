// POST /api/auth/reset {token, password}: set a new password with a reset link's token; signs out everywhere.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { resetPassword } from "@/lib/services/auth/password-reset";
import { authResultSchema } from "@/lib/validation/auth";
import { resetPasswordSchema } from "@/lib/validation/mail";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Set a new password with a reset token",
    description:
      "Uses the token up; every browser session and login token of the account ends; answers with a new 30-day login token. An unknown, used or expired token is a 400 on `token`. Attempts are limited per address (failed ones) and per account (429).",
    auth: "none",
    body: resetPasswordSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(authResultSchema)],
    errors: [429],
  },
  async ({ req, body }) => {
    const { username: _username, ...result } = await resetPassword({ ...body, ip: clientIp(req.headers) });
    return result;
  },
);
