// POST /api/auth/register: create an account and get a 30-day login token.
import { clientIp } from "@/lib/api/client-ip";
import { created, made, route } from "@/lib/api/route";
import { registerUser } from "@/lib/services/users/users";
import { authResultSchema, registerSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Register",
    auth: "none",
    body: registerSchema,
    bodyLimit: 16 * 1024,
    responses: [made(authResultSchema)],
    errors: [409, 429],
  },
  async ({ req, body }) =>
    created(await registerUser({ ...body, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" })),
);
