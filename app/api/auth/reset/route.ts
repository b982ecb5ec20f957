// POST /api/auth/reset {token, password}: set a new password with a reset link's token; signs out everywhere.
import { ok, route } from "@/lib/api/route";
import { resetPassword } from "@/lib/services/auth/password-reset";
import { authResultSchema } from "@/lib/validation/auth";
import { resetPasswordSchema } from "@/lib/validation/mail";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Set a new password with a reset token",
    description:
      "Uses the token up; every browser session and login token of the account ends; answers with a new 30-day login token. An unknown, used or expired token is a 400 on `token`.",
    auth: "none",
    body: resetPasswordSchema,
    bodyLimit: 4 * 1024,
    responses: [ok(authResultSchema)],
  },
  async ({ body }) => {
    const { username: _username, ...result } = await resetPassword(body);
    return result;
  },
);
