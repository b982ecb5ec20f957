import { ZodError, type z } from "zod";
import { untilInWords } from "@/lib/human-time";
import type { Locale } from "@/lib/i18n/locale";
import { serverText, type ErrorKey, type MessageValues } from "@/lib/i18n/server-text";

/**
 * The domain's errors: what went wrong, in words a client can act on. Services, validation and the
 * helpers below them throw these; the edge (lib/api/errors.ts) alone turns a code into an HTTP status
 * and headers and the error body of docs/api.md §1.
 */
export type ErrorCode =
  | "validation_failed"
  | "bad_request"
  | "unauthorized"
  | "two_factor_required"
  | "two_factor_invalid"
  | "forbidden"
  | "email_unverified"
  | "suspended"
  | "registration_closed"
  | "sso_only"
  | "new_member_limit"
  | "watched_word"
  | "signup_refused"
  | "ip_blocked"
  | "staff_decision"
  | "category_forbidden"
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

/**
 * What an error says: a key of the `Errors` namespace (messages/<locale>/server.json) with its ICU
 * values. The error carries the English text; the edge writes it in the request's language. Values
 * that read differently per language (a date, a list of roles) are given as a function of the locale.
 */
export type Msg = { readonly key: ErrorKey; readonly values?: MessageValues | ((locale: Locale) => MessageValues) };
export const msg = (key: ErrorKey, values?: Msg["values"]): Msg => ({ key, values });

/** The text of a message in `locale`. */
export function msgText(m: Msg, locale: Locale = "en"): string {
  return serverText(locale, `Errors.${m.key}`, typeof m.values === "function" ? m.values(locale) : m.values);
}

/** A zod failure's English sentence (fromZod only): its issues carry what the edge translates. */
type ZodText = { readonly zodText: string };

export type ErrorIssue = {
  path: (string | number)[];
  message: string;
  /** What the message says, for the edge to write it in another language (never sent). */
  msg?: Msg;
  /** The zod issue the message came from (its code and limits), for the same purpose (never sent). */
  zod?: z.core.$ZodIssue;
};

export type AppErrorOptions = {
  /** The input field at fault (`validation_failed`, `conflict` on a unique name…). */
  field?: string;
  issues?: ErrorIssue[];
  /** More members of the error body (e.g. `until` for `suspended`). */
  details?: Record<string, unknown>;
  /** When trying again may succeed, in seconds (rate limits, slow mode, a busy image queue). */
  retryAfterSec?: number;
  /** The limit that was hit, for a `rate_limited` error from a counted limit. */
  limit?: number;
};

/**
 * An error a client caused or can act on; throw it anywhere below a `route()` handler or a page. Its
 * message is a `Msg` (a catalog key: tests/unit/error-keys.test.ts fails on a literal); `message`
 * holds the English text.
 */
export class AppError extends Error {
  readonly field?: string;
  readonly issues?: ErrorIssue[];
  readonly details?: Record<string, unknown>;
  readonly retryAfterSec?: number;
  readonly limit?: number;
  /** The catalog message (absent only for a zod failure, whose issues carry their own). */
  readonly msg?: Msg;
  constructor(
    public readonly code: ErrorCode,
    message: Msg | ZodText,
    opts: AppErrorOptions = {},
  ) {
    super("key" in message ? msgText(message) : message.zodText);
    if ("key" in message) this.msg = message;
    this.field = opts.field;
    this.issues = opts.issues;
    this.details = opts.details;
    this.retryAfterSec = opts.retryAfterSec;
    this.limit = opts.limit;
  }
}

/** `suspended`: an admin suspended the caller until `until` (ISO, also in `details`); reading still works. */
export const suspended = (until: string) =>
  // A silence (issue 58, lib/services/spam/silence.ts) is a suspension without an end: its own words.
  new Date(until).getUTCFullYear() >= 9999
    ? new AppError("suspended", msg("spamSilenced"), { details: { until, silenced: true } })
    : new AppError(
        "suspended",
        msg("suspended", (locale) => ({ until: untilInWords(until, Date.now(), locale) })),
        { details: { until } },
      );

/** A 400: `validation_failed` naming `field` (with one issue), else `bad_request`. */
export const badRequest = (message: Msg, field?: string) => {
  if (!field) return new AppError("bad_request", message);
  return new AppError("validation_failed", message, { field, issues: [{ path: [field], message: msgText(message), msg: message }] });
};
export const unauthorized = (message: Msg = msg("authenticationRequired")) => new AppError("unauthorized", message);
/** 401 `two_factor_required`: the password was right; send a code from the authenticator app or a recovery code (`otp`). */
export const twoFactorRequired = () => new AppError("two_factor_required", msg("twoFactorRequired"), { field: "otp" });
/** 401 `two_factor_invalid`: the `otp` sent with a right password was wrong, used already or out of date. */
export const twoFactorInvalid = () => new AppError("two_factor_invalid", msg("twoFactorInvalid"), { field: "otp" });
export const forbidden = (message: Msg = msg("forbidden")) => new AppError("forbidden", message);
/** 403 `staff_decision`: staff set this state (closed a post, pinned a comment); only staff undo it. */
export const staffDecision = (message: Msg) => new AppError("staff_decision", message);
export const notFound = (message: Msg = msg("notFound")) => new AppError("not_found", message);
export const conflict = (message: Msg) => new AppError("conflict", message);
export const insufficientPoints = (message: Msg = msg("insufficientPoints")) =>
  new AppError("insufficient_points", message, { field: "point" });

/** A zod failure as `validation_failed`, naming the first field at fault. */
export function fromZod(err: ZodError): AppError {
  const issues: ErrorIssue[] = err.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
    zod: i as z.core.$ZodIssue,
  }));
  const first = issues[0];
  const field = first && first.path.length ? first.path.join(".") : undefined;
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : "Invalid input";
  return new AppError("validation_failed", { zodText: message }, { field, issues });
}

const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "08006",
  "08001",
  "08003",
  "08004",
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
