// POST /api/auth/forgot {email}: always 202; a reset link is mailed if an account uses the address.
import { clientIp } from "@/lib/api/client-ip";
import { route } from "@/lib/api/route";
import { requestPasswordReset } from "@/lib/services/auth/password-reset";
import { acceptedSchema, forgotPasswordSchema } from "@/lib/validation/mail";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Ask for a password reset link by mail",
    description:
      "Always 202 with the same body, whether or not an account uses the address (the lookup happens when the mail is sent). The link works once and expires in 1 hour.",
    auth: "none",
    body: forgotPasswordSchema,
    bodyLimit: 4 * 1024,
    responses: [{ status: 202, description: "Accepted", schema: acceptedSchema }],
    errors: [429],
  },
  async ({ req, body }) => Response.json(await requestPasswordReset({ email: body.email, ip: clientIp(req.headers) }), { status: 202 }),
);
