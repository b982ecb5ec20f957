// POST /api/auth/forgot {email}: always 202; a reset link is mailed if an account uses the address.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { requestPasswordReset } from "@/lib/services/password-reset";
import { forgotPasswordSchema } from "@/lib/validation/mail";

export const POST = route(async ({ req }) => {
  const input = await readJson(req, forgotPasswordSchema, 4 * 1024);
  return Response.json(await requestPasswordReset({ email: input.email, ip: clientIp(req.headers) }), { status: 202 });
});
