import "server-only";
import { AppError, msgText, type ErrorCode, type ErrorIssue } from "@/lib/errors";
import { DEFAULT_LOCALE, localeFromCookieHeader, resolveLocale, type Locale } from "@/lib/i18n/locale";
import { serverText } from "@/lib/i18n/server-text";
import { validationText } from "@/lib/validation/localize";

/** The HTTP status of each domain error code (docs/api.md §1): the edge's half of lib/errors.ts. */
const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  url_not_allowed: 400,
  fetch_failed: 400,
  unauthorized: 401,
  two_factor_required: 401,
  two_factor_invalid: 401,
  forbidden: 403,
  email_unverified: 403,
  suspended: 403,
  registration_closed: 403,
  sso_only: 403,
  new_member_limit: 400,
  watched_word: 400,
  signup_refused: 403,
  ip_blocked: 403,
  staff_decision: 403,
  category_forbidden: 403,
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

/**
 * The language of an error answer: the same rule as the pages (lib/i18n/locale.ts: the `lang` cookie,
 * then Accept-Language, then English), so a client that shows the forum in Chinese reads its errors
 * in Chinese. `code`, `field` and issue paths never change with it.
 */
export function errorLocale(req: Request | null | undefined): Locale {
  if (!req) return DEFAULT_LOCALE;
  return resolveLocale(localeFromCookieHeader(req.headers.get("cookie")), req.headers.get("accept-language"));
}

function issueText(issue: ErrorIssue, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return issue.message;
  if (issue.msg) return msgText(issue.msg, locale);
  return validationText(issue.message, issue.zod, locale);
}

/** The error's sentence in `locale` (English: the text it was thrown with, unchanged). */
export function errorText(err: AppError, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return err.message;
  if (err.msg) return msgText(err.msg, locale);
  const first = err.issues?.[0];
  if (!first) return err.message === "Invalid input" ? serverText(locale, "Validation.invalidInput") : err.message;
  const text = issueText(first, locale);
  return err.field !== undefined ? serverText(locale, "Validation.fieldMessage", { field: err.field, message: text }) : text;
}

/**
 * The error body of docs/api.md §1: `{ error, code, field?, issues?, ...details }`, its sentences in
 * `locale` (lib/i18n/server-text.ts).
 */
export function errorBody(err: AppError, locale: Locale = DEFAULT_LOCALE) {
  const body: Record<string, unknown> = { error: errorText(err, locale), code: err.code };
  if (err.field !== undefined) body.field = err.field;
  if (err.issues !== undefined) body.issues = err.issues.map((i) => ({ path: i.path, message: issueText(i, locale) }));
  if (err.details) Object.assign(body, err.details);
  if (process.env.NODE_ENV !== "production" && !err.msg && !err.issues) {
    // Every thrown error names a catalog key (tests/unit/error-keys.test.ts); this one could not be translated.
    console.warn(`[i18n] error without a catalog key: ${err.code} "${err.message}"`);
  }
  return body;
}
