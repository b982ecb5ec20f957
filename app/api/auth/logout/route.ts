// POST /api/auth/logout: end the sign-in in use (login token or browser session); `everywhere` ends them all.
import { readJsonOptional } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { revokeSignIn, revokeUserSessions } from "@/lib/services/sessions";
import { logoutSchema } from "@/lib/validation/auth";
import { SESSION_COOKIES } from "@/lib/api/caller";
import { requireViewer } from "@/lib/viewer";

export const POST = route(async ({ req, viewer }) => {
  const me = requireViewer(viewer);
  const input = await readJsonOptional(req, logoutSchema, 4 * 1024);
  const ended = input?.everywhere
    ? await revokeUserSessions(me.id)
    : me.session
      ? (await revokeSignIn(me.id, me.session), { sessions: me.session.kind === "session" ? 1 : 0, tokens: me.session.kind === "token" ? 1 : 0 })
      : { sessions: 0, tokens: 0 };
  const res = Response.json(ended);
  // A browser signing out through the API forgets its cookie too.
  if (me.via === "session") for (const name of SESSION_COOKIES) res.headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`);
  return res;
}, { auth: "required" });
