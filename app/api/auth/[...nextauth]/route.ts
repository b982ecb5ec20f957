// Auth.js browser sign-in, sign-out, session and CSRF endpoints. Any other /api/auth/* path is the
// JSON 404 of docs/api.md §1 (Auth.js itself answers an unknown action with a plain 400 "Bad request.").
import { notFound, msg } from "@/lib/errors";
import { errorResponse } from "@/lib/api/route";
import { handlers } from "@/lib/auth";

/** Auth.js's actions (`utils/actions.js` in @auth/core) and the ones that take a provider id. */
const ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options"]);
const WITH_PROVIDER = new Set(["signin", "callback", "webauthn-options"]);

function isAuthJsPath(req: Request): boolean {
  const rest = new URL(req.url).pathname
    .replace(/^\/api\/auth\/?/, "")
    .split("/")
    .filter(Boolean);
  const [action, provider] = rest;
  if (!action || !ACTIONS.has(action) || rest.length > 2) return false;
  return !provider || WITH_PROVIDER.has(action);
}

const unknownPath = (req: Request) => errorResponse(notFound(msg("noSuchEndpoint")), req);

export const GET = (req: Parameters<typeof handlers.GET>[0]) => (isAuthJsPath(req) ? handlers.GET(req) : unknownPath(req));
export const POST = (req: Parameters<typeof handlers.POST>[0]) => (isAuthJsPath(req) ? handlers.POST(req) : unknownPath(req));
export { unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
