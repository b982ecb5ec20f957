// POST /api/auth/logout: end the sign-in in use (login token or browser session); `everywhere` ends them all.
import { clearSessionCookies } from "@/lib/api/caller";
import { ok, route } from "@/lib/api/route";
import { signOut } from "@/lib/services/auth/sessions";
import { logoutSchema, revokedCountSchema } from "@/lib/validation/auth";

export const POST = route(
  {
    tag: "Accounts",
    summary: "Sign out",
    description:
      'Ends the sign-in in use (the login token, or the browser session and its cookie). `{"everywhere": true}` ends every browser session and login token of the account. The body is optional.',
    auth: "required",
    body: logoutSchema,
    bodyOptional: true,
    bodyLimit: 4 * 1024,
    responses: [ok(revokedCountSchema)],
  },
  async ({ viewer: me, body }) => {
    const ended = await signOut(me, { everywhere: body?.everywhere });
    const res = Response.json(ended);
    // A browser signing out through the API forgets its cookie too.
    return me.via === "session" ? clearSessionCookies(res) : res;
  },
);
