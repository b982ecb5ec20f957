// POST /api/auth/login: exchange a username (or email) and password for a 30-day login token.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/api/client-ip";
import { loginUser } from "@/lib/services/users";
import { loginSchema } from "@/lib/validation/auth";

export const POST = route(async ({ req }) => {
  const input = await readJson(req, loginSchema, 16 * 1024);
  return loginUser({ ...input, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") ?? "" });
});
