// POST /api/auth/reset {token, password}: set a new password with a reset link's token; signs out everywhere.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { resetPassword } from "@/lib/services/password-reset";
import { resetPasswordSchema } from "@/lib/validation/mail";

export const POST = route(async ({ req }) => {
  const input = await readJson(req, resetPasswordSchema, 4 * 1024);
  const { username: _username, ...result } = await resetPassword(input);
  return result;
});
