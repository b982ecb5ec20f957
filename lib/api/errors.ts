import "server-only";
import { AppError, type ErrorCode } from "@/lib/errors";

/** The HTTP status of each domain error code (API.md §1): the edge's half of lib/errors.ts. */
const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  url_not_allowed: 400,
  fetch_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  email_unverified: 403,
  suspended: 403,
  registration_closed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  insufficient_points: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** The HTTP status an `AppError` is answered with. */
export function statusOf(err: AppError): number {
  return STATUS[err.code];
}

/** Retry-After, and the RateLimit-* headers of a counted limit, from the error's retry hint. */
export function errorHeaders(err: AppError): Record<string, string> | undefined {
  if (err.retryAfterSec === undefined) return undefined;
  const retry = String(err.retryAfterSec);
  if (err.limit === undefined) return { "Retry-After": retry };
  return { "Retry-After": retry, "RateLimit-Limit": String(err.limit), "RateLimit-Remaining": "0", "RateLimit-Reset": retry };
}

/** The error body of API.md §1: `{ error, code, field?, issues?, ...details }`. */
export function errorBody(err: AppError) {
  const body: Record<string, unknown> = { error: err.message, code: err.code };
  if (err.field !== undefined) body.field = err.field;
  if (err.issues !== undefined) body.issues = err.issues;
  if (err.details) Object.assign(body, err.details);
  return body;
}
