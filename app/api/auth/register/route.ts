// POST /api/auth/register: create an account and get a 30-day login token.
import { readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { registerUser } from "@/lib/services/users";
import { registerSchema } from "@/lib/validation/auth";

export const POST = route(async ({ req }) => {
  const input = await readJson(req, registerSchema, 16 * 1024);
  return created(await registerUser({ ...input, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" }));
});
