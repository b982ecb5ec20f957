import "server-only";
import { AppError, msg } from "@/lib/errors";
import { env, setting } from "@/lib/env";

/** Methods that change nothing: no CSRF check (lib/api/route.ts), and reads to the write-first gate (lib/front/write-first.ts). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether `origin` (an Origin header) is this site: the host the request came to (`host`, already
 * taken from X-Forwarded-Host or Host), or PUBLIC_URL's host. A malformed origin is not.
 */
export function isSiteOrigin(origin: string, host: string | null | undefined): boolean {
  try {
    const o = new URL(origin);
    if (host && o.host === host) return true;
    const pub = setting("PUBLIC_URL");
    return !!pub && new URL(pub).host === o.host;
  } catch {
    return false;
  }
}

/** Cookie-authenticated writes must come from our own pages (CSRF); bearer requests need no check. */
export function checkSameOrigin(headers: Headers): void {
  const site = headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  const origin = headers.get("origin");
  if (origin && isSiteOrigin(origin, headers.get("x-forwarded-host") ?? headers.get("host"))) return;
  throw new AppError("forbidden", msg("crossSiteRefused"));
}

/** The origin the request came to (uploads build absolute URLs from it when PUBLIC_URL is unset). */
export const requestOrigin = (req: Request): string => new URL(req.url).origin;

/** The site's public origin: PUBLIC_URL when set, else the origin the request came to; no trailing slash. */
export function siteOrigin(req: Request): string {
  const configured = env().PUBLIC_URL;
  return (configured ?? requestOrigin(req)).replace(/\/+$/, "");
}
