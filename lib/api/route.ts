import { ZodError } from "zod";
import { ApiError, errorBody, forbidden, fromZod, isDbUnavailable, pgCode, unauthorized } from "@/lib/api/errors";

/** 22021 invalid byte sequence (NUL), 22P05 untranslatable character, 22003 numeric out of range, 22P02 invalid text representation. */
const INVALID_INPUT_CODES = new Set(["22021", "22P05", "22003", "22P02"]);
import { resolveViewer } from "@/lib/api/caller";
import { checkSameOrigin } from "@/lib/api/origin";
import type { Viewer } from "@/lib/viewer";
// The read caches listen to the writes' announcements (lib/services/changes.ts).
import "@/lib/cache/content-version";

export type RouteContext<P> = { req: Request; params: P; viewer: Viewer | null };
type Options = {
  /** "required": 401 without a valid token or session. */
  auth?: "optional" | "required";
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Wraps a route handler: resolves the caller (401 for a bad token), enforces token scopes and the
 * same-origin check for cookie writes, awaits params, and turns thrown errors into API.md §1 bodies.
 */
export function route<P = Record<string, string>>(
  handler: (ctx: RouteContext<P>) => Promise<unknown> | unknown,
  options: Options = {},
) {
  return async (req: Request, context?: { params?: Promise<P> }): Promise<Response> => {
    try {
      const viewer = await resolveViewer(req.headers);
      if (!SAFE_METHODS.has(req.method)) {
        if (viewer?.via === "session") checkSameOrigin(req.headers);
        if (viewer?.via === "token" && !viewer.scopes.includes("write")) {
          throw forbidden("This token has the read scope only");
        }
      }
      if (options.auth === "required" && !viewer) throw unauthorized();
      const params = (context?.params ? await context.params : {}) as P;
      const result = await handler({ req, params, viewer });
      // Caches are invalidated by the writes themselves (lib/services/changes.ts), not per request.
      return result instanceof Response ? result : Response.json(result);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    return Response.json(errorBody(err), { status: err.status, headers: err.headers });
  }
  if (err instanceof ZodError) {
    const e = fromZod(err);
    return Response.json(errorBody(e), { status: 400 });
  }
  // Input Postgres cannot store (a NUL character, an out-of-range number) is the client's error, not ours.
  const code = pgCode(err);
  if (code && INVALID_INPUT_CODES.has(code)) {
    return Response.json({ error: "The request contains a value that cannot be stored", code: "bad_request" }, { status: 400 });
  }
  if (isDbUnavailable(err)) {
    return Response.json(
      { error: "The database is unavailable, try again shortly", code: "service_unavailable" },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  console.error("[api] unhandled error", err);
  return Response.json({ error: "Internal server error", code: "internal_error" }, { status: 500 });
}

export const created = (body: unknown) => Response.json(body, { status: 201 });
export const noContent = () => new Response(null, { status: 204 });
