// POST /api/users/me/password: change the caller's password; every other sign-in of the account ends.
import { clientIp } from "@/lib/api/client-ip";
import { ok, route } from "@/lib/api/route";
import { changePassword } from "@/lib/services/auth/account-password";
import { changePasswordSchema, revokedCountSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Change the password",
    description:
      "Counts as a sign-in attempt of the account from the caller's address (the same limits: 429 once used up); a wrong `currentPassword` is a 400 and stays counted. Every other browser session and login token of the account ends; the one making the request stays.",
    auth: "required",
    body: changePasswordSchema,
    bodyLimit: 16 * 1024,
    responses: [ok(revokedCountSchema)],
    errors: [429],
  },
  ({ req, viewer, body }) => changePassword(viewer, { ...body, ip: clientIp(req.headers) }),
);
