import "server-only";
import { ZodError, type z } from "zod";
import { jsonAnswer, withAbsoluteUrls } from "@/lib/api/absolute-urls";
import { assertStorableUrl, parseQuery, readJson, readJsonOptional } from "@/lib/api/body";
import { resolveViewer } from "@/lib/api/caller";
import { AppError, forbidden, fromZod, isDbUnavailable, msg, pgCode, suspended, unauthorized } from "@/lib/errors";
import { errorBody, errorHeaders, errorLocale, statusOf } from "@/lib/api/errors";

/** Writes a suspended member may still make. */
const SUSPENDED_MAY = new Set(["/api/auth/logout"]);
import { checkSameOrigin, SAFE_METHODS } from "@/lib/api/origin";
import { postList, publicList, type PostListSource } from "@/lib/cache/list-cache";
import { readFromFor, rememberWrite } from "@/lib/api/read-from";
import type { ReadFrom } from "@/db/replicas";
import type { Viewer } from "@/lib/viewer";
import type { Locale } from "@/lib/i18n/locale";
import { savedLocale } from "@/lib/services/users/locale";
import { assertIpMayWrite } from "@/lib/services/spam/lists";
import { clientIp } from "@/lib/api/client-ip";

/** 22021 invalid byte sequence (NUL), 22P05 untranslatable character, 22003 numeric out of range, 22P02 invalid text representation. */
const INVALID_INPUT_CODES = new Set(["22021", "22P05", "22003", "22P02"]);

/** One documented response of an operation (app/api/openapi.json/openapi.ts turns these into the document). */
export type ResponseDoc = {
  status: number;
  description: string;
  schema?: z.ZodType;
  array?: boolean;
  /** Non-JSON bodies. */
  media?: "application/rss+xml" | "image/png" | "text/event-stream" | "application/gzip" | "application/x-ndjson";
};

/**
 * What a route declares about itself. The wrapper acts on it (auth, role, query, body, cache) and
 * the OpenAPI document is generated from it, so the two cannot drift.
 */
export type RouteSpec = {
  summary: string;
  /** The document's section. */
  tag: string;
  description?: string;
  /**
   * "none": public, the same answer for everyone; "optional": public, the answer depends on the caller;
   * "required": 401 without a valid token or session. A bad bearer token is a 401 in every case.
   */
  auth: "none" | "optional" | "required";
  /**
   * The least role allowed, for the document. The service that the handler calls enforces it (with
   * its own order of checks: a hidden post stays a 404); tests/api/openapi.test.ts checks the two agree.
   */
  role?: "MODERATOR" | "ADMIN";
  /** Parsed into `ctx.query` (400 on failure). */
  query?: z.ZodType;
  /** Query keys that are arrays (repeated keys or comma lists). */
  arrayParams?: readonly string[];
  /** A JSON body parsed into `ctx.body` (400, 413 over `bodyLimit`, default 1 MiB). */
  body?: z.ZodType;
  bodyLimit?: number;
  /** An empty body is fine (`ctx.body` undefined): every field of `body` is optional. */
  bodyOptional?: boolean;
  /** The handler reads the body itself (multipart uploads, OpenIsle's query alternative); `body` only documents it. */
  customBody?: boolean;
  /** The success responses. */
  responses: readonly ResponseDoc[];
  /** Error statuses beyond the ones derived from the declaration (400, 401, 403, 404, 413). */
  errors?: readonly number[];
  /**
   * The `code`s a client can act on, per error status (docs/api.md §1), for the OpenAPI document: each
   * becomes an example and an enum value of that status's answer (the status is then declared too).
   */
  errorCodes?: Readonly<Record<number, readonly { code: string; description: string }[]>>;
  /**
   * "public-list": anonymous answers are cached whole (lib/cache/list-cache.ts); "post-list": the handler
   * returns a PostListSource and the post-list cache serves every caller.
   */
  cache?: "public-list" | "post-list";
};

type Query<S extends RouteSpec> = S["query"] extends z.ZodType ? z.output<S["query"]> : undefined;
type Body<S extends RouteSpec> = S["body"] extends z.ZodType
  ? S["customBody"] extends true
    ? undefined
    : S["bodyOptional"] extends true
      ? z.output<S["body"]> | undefined
      : z.output<S["body"]>
  : undefined;
type Caller<S extends RouteSpec> = S["auth"] extends "required" ? Viewer : Viewer | null;

export type RouteContext<S extends RouteSpec> = {
  req: Request;
  /** Path segments as strings (parse ids with `parseId`). */
  params: Record<string, string | undefined>;
  viewer: Caller<S>;
  query: Query<S>;
  body: Body<S>;
  /**
   * Where this caller's stale-tolerant reads may go (lib/api/read-from.ts): "replica" unless a write of
   * theirs may not have reached the replicas yet. Pass it to the services' public reads (db/replicas.ts readDb).
   */
  readFrom: ReadFrom;
};

type Result<S extends RouteSpec> = S["cache"] extends "post-list" ? PostListSource : unknown;

/** A Next route handler carrying its declaration (read by app/api/openapi.json/openapi.ts). */
export type DeclaredHandler = ((req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  spec: RouteSpec;
};

/**
 * Declares and wraps a route handler: resolves the caller (401 for a bad token), enforces token
 * scopes and the same-origin check for cookie writes, `auth`, parses the declared query and
 * body, awaits params, serves the declared cache, and turns thrown errors into docs/api.md §1 bodies.
 * No try/catch in handlers; rules live in the services.
 */
export function route<const S extends RouteSpec>(
  spec: S,
  handler: (ctx: RouteContext<S>) => Promise<Result<S>> | Result<S>,
): DeclaredHandler {
  const run = async (req: Request, context?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    let caller: Viewer | null = null;
    try {
      const viewer = await resolveViewer(req.headers);
      caller = viewer;
      if (!SAFE_METHODS.has(req.method)) {
        if (viewer?.via === "session") checkSameOrigin(req.headers);
        if (viewer?.via === "token" && !viewer.scopes.includes("write")) {
          throw forbidden(msg("readScopeOnly"));
        }
        // The one rule for suspended and silenced members (docs/accounts.md): they sign in by any method
        // (password, passkey, OpenID Connect, GitHub/Google) and read; every write, by any cookie or token,
        // made before the suspension or during it, is refused here. Signing out stays possible.
        if (viewer?.suspendedUntil && !SUSPENDED_MAY.has(new URL(req.url).pathname)) throw suspended(viewer.suspendedUntil);
        // Screened addresses (issue 58): a member writing from a blocked range is refused; staff never are.
        if (viewer && !SUSPENDED_MAY.has(new URL(req.url).pathname)) await assertIpMayWrite(viewer, clientIp(req.headers));
      }
      if (spec.auth === "required" && !viewer) throw unauthorized();
      const params = context?.params ? await context.params : {};
      // No NUL or unpaired surrogate reaches a service from the URL; bodies: lib/api/body.ts.
      assertStorableUrl(req, params);
      const query = (spec.query ? parseQuery(req, spec.query, spec.arrayParams) : undefined) as Query<S>;
      const body = (
        !spec.body || spec.customBody
          ? undefined
          : spec.bodyOptional
            ? await readJsonOptional(req, spec.body, spec.bodyLimit)
            : await readJson(req, spec.body, spec.bodyLimit)
      ) as Body<S>;
      const readFrom = readFromFor(req.headers, viewer);
      if (viewer) viewer.readFrom = readFrom;
      const ctx: RouteContext<S> = { req, params, viewer: viewer as Caller<S>, query, body, readFrom };
      // Every answer's image and link fields are made absolute here, as it leaves (lib/api/absolute-urls.ts).
      // A cache fill is given where it may read from (db/replicas.ts fillFrom), never a replica behind its version.
      if (spec.cache === "public-list")
        return await withAbsoluteUrls(req, await publicList(req, viewer, async (from) => handler({ ...ctx, readFrom: from }), readFrom));
      const result = await handler(ctx);
      if (spec.cache === "post-list") return await withAbsoluteUrls(req, await postList(req, viewer, result as PostListSource, readFrom));
      // Caches are invalidated by the writes themselves (lib/changes/announce.ts), not per request. A write's
      // answer carries the primary's WAL position for the writer's next reads (lib/api/read-from.ts).
      return await rememberWrite(req, viewer, result instanceof Response ? await withAbsoluteUrls(req, result) : jsonAnswer(req, result));
    } catch (err) {
      // A signed-in member's saved language comes first (one read, on the error path only), then the request's.
      return errorResponse(err, req, caller && !isDbUnavailable(err) ? await savedLocale(caller.id).catch(() => null) : null);
    }
  };
  return Object.assign(run, { spec }) as DeclaredHandler;
}

/**
 * Attaches a declaration to a handler that does not go through `route()` (a static answer that must
 * not resolve the caller, e.g. avatars), or re-declares a handler served at a second path.
 */
export function declared<H extends (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>(
  spec: RouteSpec,
  handler: H,
): DeclaredHandler {
  const run: H = (async (req, context) => {
    // The one check every answer makes, even one that resolves no caller: no text the database
    // cannot hold in the URL. One `includes` and a look at the segments.
    try {
      assertStorableUrl(req, context?.params ? await context.params : {});
    } catch (err) {
      return errorResponse(err, req);
    }
    return handler(req, context);
  }) as H;
  return Object.assign(run, { spec }) as unknown as DeclaredHandler;
}

/**
 * The answer to a thrown error, in the caller's saved language (`preferred`), else the language of `req`
 * (lib/api/errors.ts errorLocale; English without it).
 */
export function errorResponse(err: unknown, req?: Request | null, preferred?: Locale | null): Response {
  const locale = preferred ?? errorLocale(req);
  if (err instanceof AppError) {
    return Response.json(errorBody(err, locale), { status: statusOf(err), headers: errorHeaders(err) });
  }
  if (err instanceof ZodError) {
    const e = fromZod(err);
    return Response.json(errorBody(e, locale), { status: 400 });
  }
  // Input Postgres cannot store (a NUL character, an out-of-range number) is the client's error, not ours.
  const code = pgCode(err);
  if (code && INVALID_INPUT_CODES.has(code)) return errorResponse(new AppError("bad_request", msg("valueCannotBeStored")), req, locale);
  if (isDbUnavailable(err)) {
    return errorResponse(new AppError("service_unavailable", msg("databaseUnavailable"), { retryAfterSec: 5 }), req, locale);
  }
  console.error("[api] unhandled error", err);
  return errorResponse(new AppError("internal_error", msg("internalError")), req, locale);
}

export const created = (body: unknown) => Response.json(body, { status: 201 });
export const noContent = () => new Response(null, { status: 204 });

/** Documentation shorthands for `responses`. */
export const ok = (schema: z.ZodType, description = "OK"): ResponseDoc => ({ status: 200, description, schema });
export const okList = (schema: z.ZodType, description = "OK"): ResponseDoc => ({ status: 200, description, schema, array: true });
export const made = (schema: z.ZodType, description = "Created"): ResponseDoc => ({ status: 201, description, schema });
export const empty = (description = "No content"): ResponseDoc => ({ status: 204, description });
