import "server-only";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { env } from "@/lib/env";

/**
 * Kept by hand on purpose: exact origin matching in a few lines, answered in the front before Next.js and
 * added to each response's head; the `cors` package is request middleware and does not fit that seam.
 *
 * CORS for /api: browsers on the origins listed in `CORS_ORIGINS` (comma-separated, exact
 * `scheme://host[:port]`; empty, the default, allows none) may call the API, as OpenIsle's Nuxt client
 * does from its own origin with a bearer token.
 *
 * Applied by the HTTP front (lib/front/index.ts), before Next.js, so that every /api answer gets it,
 * whatever produced it (a route handler, the list caches, a refusal, Next.js's own 404/405):
 * - a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered there, 204,
 *   never reaching Next.js;
 * - every other /api response gets its headers when its head is written (`decorateCors`), so a cached
 *   body (lib/cache/list-cache.ts keeps bodies, not heads) never carries one origin's headers to another.
 *
 * `Vary: Origin` is on every /api answer, listed origin or not, so that no shared cache hands one
 * origin's answer (with or without the headers) to another. An unlisted origin gets no CORS header at
 * all (the browser then refuses to show the answer to its page). Credentials (`Allow-Credentials`) are
 * allowed for listed origins only; a cookie write from one still has to pass the same-origin check of
 * lib/api/origin.ts (the CSRF rule is not relaxed: OpenIsle's client signs in with a bearer token).
 */

const METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/** What OpenIsle's client sends beyond the CORS-safelisted headers. */
const ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "accept",
  "accept-language",
  "cache-control",
  "x-requested-with",
  "last-event-id",
];
/** Response headers a page on a listed origin may read (the rate limit answer of docs/api.md §1). */
const EXPOSED_HEADERS = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Location, X-Cache";
const MAX_AGE = "600";

let parsed: { raw: string; set: Set<string> } | undefined;

/** The allow-list, parsed once per value of CORS_ORIGINS (tests change it). */
export function corsOrigins(): Set<string> {
  const raw = env().CORS_ORIGINS;
  if (parsed?.raw === raw) return parsed.set;
  const set = new Set<string>();
  for (const item of raw.split(",")) {
    const o = normalizeOrigin(item.trim());
    if (o) set.add(o);
  }
  parsed = { raw, set };
  return set;
}

/** `scheme://host[:port]` in lower case with the default port left out, or null for anything else. */
export function normalizeOrigin(value: string): string | null {
  if (!value || value === "null") return null;
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    // An origin has no path, query, fragment or credentials.
    if ((u.pathname !== "/" && u.pathname !== "") || u.search || u.hash || u.username || u.password) return null;
    return u.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** The request's Origin when it is on the allow-list (as the browser sent it), else null. */
export function allowedOrigin(origin: string | string[] | null | undefined): string | null {
  if (typeof origin !== "string" || !origin) return null;
  const list = corsOrigins();
  if (!list.size) return null;
  const o = normalizeOrigin(origin);
  return o && list.has(o) ? origin : null;
}

const isApiPath = (url: string | undefined) => !!url && (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?"));

/** True for a CORS preflight: OPTIONS with an Origin and the method the page wants to send. */
export function isPreflight(request: IncomingMessage): boolean {
  return (
    request.method === "OPTIONS" && isApiPath(request.url) && !!request.headers.origin && !!request.headers["access-control-request-method"]
  );
}

/** Answers a CORS preflight to /api (204, never reaching Next.js); true when it did. */
export function answerPreflight(request: IncomingMessage, res: ServerResponse): boolean {
  if (!isPreflight(request)) return false;
  res.writeHead(204, preflightHeaders(request));
  request.resume();
  res.end();
  return true;
}

/**
 * The headers of the 204 answer to a preflight: the allowed methods, headers and max age for a listed
 * origin; only `Vary` for any other (no CORS header: the browser refuses the real request).
 */
export function preflightHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    "cache-control": "no-store",
    "content-length": "0",
  };
  const origin = allowedOrigin(request.headers.origin);
  if (!origin) return headers;
  const asked = String(request.headers["access-control-request-headers"] ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  // Echo what was asked for when every name is one we accept (a browser needs each listed), else our list.
  const allowHeaders = asked.length && asked.every((h) => ALLOWED_HEADERS.includes(h)) ? asked : ALLOWED_HEADERS;
  return {
    ...headers,
    "access-control-allow-origin": origin,
    "access-control-allow-credentials": "true",
    "access-control-allow-methods": METHODS,
    "access-control-allow-headers": allowHeaders.join(", "),
    "access-control-max-age": MAX_AGE,
    "cache-control": `public, max-age=${MAX_AGE}`,
  };
}

/** The CORS headers of an actual (non-preflight) answer to `origin`: empty for an unlisted one. */
export function responseCorsHeaders(origin: string | string[] | null | undefined): Record<string, string> {
  const allowed = allowedOrigin(origin);
  if (!allowed) return {};
  return {
    "access-control-allow-origin": allowed,
    "access-control-allow-credentials": "true",
    "access-control-expose-headers": EXPOSED_HEADERS,
  };
}

/** Adds `Origin` to a response's Vary header (once; `*` already covers it). */
function addVary(res: ServerResponse): void {
  const current = res.getHeader("vary");
  const list = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.some((v) => v === "*" || v.toLowerCase() === "origin")) return;
  res.setHeader("vary", [...list, "Origin"].join(", "));
}

type Fn = (...args: unknown[]) => unknown;

/**
 * Sets the CORS headers of an /api response when its head is written (an explicit writeHead or the
 * implicit one of the first write/end), after whatever produced the answer set its own headers.
 */
export function decorateCors(request: IncomingMessage, response: ServerResponse): void {
  if (!isApiPath(request.url)) return;
  const cors = responseCorsHeaders(request.headers.origin);
  const { writeHead, flushHeaders } = response as unknown as Record<string, Fn>;
  let done = false;
  const apply = (res: ServerResponse) => {
    if (done || res.headersSent) return;
    done = true;
    addVary(res);
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
  };
  Object.assign(response, {
    writeHead(this: ServerResponse, ...args: unknown[]) {
      if (!done && !this.headersSent) {
        // Headers given to writeHead itself would override ours: set them first, then write the head.
        const at = typeof args[1] === "string" ? 2 : 1;
        const given = args[at];
        if (given && typeof given === "object") {
          if (Array.isArray(given)) {
            const flat = given.flat() as string[];
            for (let i = 0; i + 1 < flat.length; i += 2) this.setHeader(flat[i]!, flat[i + 1]!);
          } else {
            for (const [k, v] of Object.entries(given as OutgoingHttpHeaders)) if (v !== undefined) this.setHeader(k, v);
          }
          args = args.slice(0, at);
        }
      }
      apply(this);
      return writeHead!.apply(this, args);
    },
    flushHeaders(this: ServerResponse) {
      apply(this);
      return flushHeaders!.call(this);
    },
  });
}
