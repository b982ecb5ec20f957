// POST /api/auth/login: exchange a username (or email) and password for a 30-day login token.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { loginUser } from "@/lib/services/users/users";
import { authResultSchema, loginSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Sign in and get a 30-day token",
    auth: "none",
    body: loginSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(authResultSchema)],
    errors: [429],
  },
  ({ req, body }) => loginUser({ ...body, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" }),
);
