import { ZodError } from "zod";

export type ErrorCode =
  | "validation_failed"
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "email_unverified"
  | "suspended"
  | "registration_closed"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "insufficient_points"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "url_not_allowed"
  | "fetch_failed"
  | "service_unavailable"
  | "internal_error";

export type ErrorIssue = { path: (string | number)[]; message: string };

/** An error that becomes the API.md §1 error body; throw it anywhere below a `route()` handler. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: ErrorCode,
    message: string,
    public field?: string,
    public issues?: ErrorIssue[],
    public headers?: Record<string, string>,
    /** More members of the error body (e.g. `until` for `suspended`). */
    public details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 403 `suspended`: an admin suspended the caller until `until` (ISO); reading still works. */
export const suspended = (until: string) =>
  new ApiError(403, "suspended", `Your account is suspended until ${until}; you can read, but not write`, undefined, undefined, undefined, { until });

export const badRequest = (message: string, field?: string) =>
  new ApiError(400, field ? "validation_failed" : "bad_request", message, field, field ? [{ path: [field], message }] : undefined);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);
export const forbidden = (message = "You are not allowed to do this") => new ApiError(403, "forbidden", message);
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const insufficientPoints = (message = "Insufficient points") =>
  new ApiError(409, "insufficient_points", message, "point");

export function errorBody(err: ApiError) {
  const body: Record<string, unknown> = { error: err.message, code: err.code };
  if (err.field !== undefined) body.field = err.field;
  if (err.issues !== undefined) body.issues = err.issues;
  if (err.details) Object.assign(body, err.details);
  return body;
}

export function fromZod(err: ZodError): ApiError {
  const issues = err.issues.map((i) => ({ path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: i.message }));
  const first = issues[0];
  const field = first && first.path.length ? first.path.join(".") : undefined;
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : "Invalid input";
  return new ApiError(400, "validation_failed", message, field, issues);
}

const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED",
  "CONNECTION_DESTROYED", "57P01", "57P02", "57P03", "08006", "08001", "08003", "08004",
]);

/** True when the database could not be reached (the request should get 503, not 500). */
export function isDbUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERRORS.has(code)) return true;
    // A FATAL from the server ends the session (database not accepting connections, shutting down…).
    if ((e as { severity?: unknown }).severity === "FATAL") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Postgres error code of `err` or of its cause (drizzle wraps driver errors). */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
