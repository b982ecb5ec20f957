import "server-only";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";

/** Cookie-authenticated writes must come from our own pages (CSRF); bearer requests need no check. */
export function checkSameOrigin(headers: Headers): void {
  const site = headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  const origin = headers.get("origin");
  if (origin) {
    const host = headers.get("x-forwarded-host") ?? headers.get("host");
    try {
      const o = new URL(origin);
      if (host && o.host === host) return;
      const pub = process.env.PUBLIC_URL;
      if (pub && new URL(pub).host === o.host) return;
    } catch {
      /* falls through to the refusal */
    }
  }
  throw new AppError("forbidden", "Cross-site request refused (CSRF check)");
}

/** The origin the request came to (uploads build absolute URLs from it when PUBLIC_URL is unset). */
export const requestOrigin = (req: Request): string => new URL(req.url).origin;

/** The site's public origin: PUBLIC_URL when set, else the origin the request came to; no trailing slash. */
export function siteOrigin(req: Request): string {
  const configured = env().PUBLIC_URL;
  return (configured ?? requestOrigin(req)).replace(/\/+$/, "");
}
