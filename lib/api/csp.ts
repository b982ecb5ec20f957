import { createHash } from "node:crypto";

/**
 * Content-Security-Policy of the site (issue 20, finding 8).
 *
 * Pages allow scripts from our own origin plus the exact inline scripts of the document being sent,
 * by their SHA-256: the theme script, Next.js's bootstrap and the RSC payload pushes
 * (`self.__next_f.push(…)`), which differ per page and per content. The hashes are computed from the
 * final bytes when the response leaves the process (lib/front/csp.ts), not with a per-request
 * nonce, because a nonce must be rendered into the page and so forces every page to be rendered per
 * request: a cached or prerendered page (issue 15) keeps working with hashes, since the same bytes give
 * the same hashes. There is no 'unsafe-inline' for scripts: an injected inline script or event handler
 * does not run. Styles keep 'unsafe-inline' (React and Next set style attributes).
 */

const BASE = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

const dev = () => process.env.NODE_ENV === "development";

/** The page policy for a document whose inline scripts have these CSP hash sources (`'sha256-…'`). */
export function pagePolicy(scriptHashes: readonly string[] = []): string {
  // React's development build evaluates code (stack traces): 'unsafe-eval' in `next dev` only. `next dev`
  // runs without server.ts's front, so no hashes are added there: its inline scripts are allowed.
  const script = ["script-src 'self'", ...scriptHashes, ...(dev() ? ["'unsafe-eval'", "'unsafe-inline'"] : [])].join(" ");
  return [BASE[0], script, ...BASE.slice(1)].join("; ");
}

/** Stored uploads and generated avatars: an image and nothing else, even when opened directly. */
export const IMAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
/** API answers are data: nothing in them may load or run anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** `'sha256-…'` of one inline script's text, as the browser hashes it (the raw text, UTF-8). */
export const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The hash sources of every inline script of an HTML document (external `src` scripts excluded). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1]!) || m[2] === "") continue;
    out.add(scriptHash(m[2]!));
  }
  return [...out];
}
