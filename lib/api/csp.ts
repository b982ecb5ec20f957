import { createHash } from "node:crypto";
// Relative: next.config.ts loads this file, without the "@/" alias.
import { captchaCspSources, type CaptchaSettings } from "../services/spam/captcha";

/**
 * Content-Security-Policy of the site.
 *
 * Pages allow scripts from our own origin plus the exact inline scripts of the document being sent,
 * by their SHA-256: the theme script, Next.js's bootstrap and the RSC payload pushes
 * (`self.__next_f.push(…)`), which differ per page and per content. The hashes are computed from the
 * final bytes when the response leaves the process (lib/front/csp.ts), not with a per-request
 * nonce, because a nonce must be rendered into the page and so forces every page to be rendered per
 * request: a cached or prerendered page keeps working with hashes, since the same bytes give
 * the same hashes. There is no 'unsafe-inline' for scripts: an injected inline script or event handler
 * does not run. Styles keep 'unsafe-inline' (React and Next set style attributes).
 *
 * With a sign-up captcha configured (CAPTCHA_PROVIDER and both keys), and only then, every page also
 * allows the provider's documented origins for its script and frames (hCaptcha: styles and
 * connections too), or the origin of CAPTCHA_SCRIPT_URL instead: every page, not only /register,
 * because a client-side navigation to the sign-up page keeps the policy of the document it started on.
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

/** A directive with extra sources appended (`"connect-src 'self'"` + [a] → `"connect-src 'self' a"`). */
const plus = (directive: string, extra: readonly string[]) => (extra.length ? `${directive} ${extra.join(" ")}` : directive);

/**
 * The page policy for a document whose inline scripts have these CSP hash sources (`'sha256-…'`);
 * `captcha`: the settings the captcha's sources come from (default the process's environment).
 */
export function pagePolicy(scriptHashes: readonly string[] = [], captcha: CaptchaSettings = process.env as CaptchaSettings): string {
  const c = captchaCspSources(captcha);
  // React's development build evaluates code (stack traces): 'unsafe-eval' in `next dev` only. `next dev`
  // runs without server.ts's front, so no hashes are added there: its inline scripts are allowed.
  const script = ["script-src 'self'", ...c.script, ...scriptHashes, ...(dev() ? ["'unsafe-eval'", "'unsafe-inline'"] : [])].join(" ");
  const [defaults, style, img, font, connect, ...rest] = BASE as [string, string, string, string, string, ...string[]];
  return [
    defaults,
    script,
    plus(style, c.style),
    img,
    font,
    plus(connect, c.connect),
    ...(c.frame.length ? [plus("frame-src 'self'", c.frame)] : []),
    ...rest,
  ].join("; ");
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
