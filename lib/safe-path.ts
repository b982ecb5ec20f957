const BASE = "http://forum.invalid";

/**
 * A redirect target after sign-in: only a path on this site, re-serialised from the parsed URL.
 * Browsers treat `\` as `/` and drop tabs and line breaks inside URLs, so `/\evil.example`,
 * `/%09/evil.example` (decoded to a tab) and `//evil.example` all leave the site if passed through as
 * text; CR/LF would also break the `Location` header. Anything with a control character or a
 * backslash, anything that does not resolve to this site, and anything that is not a string is "/".
 */
export function safeLocalPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2048) return "/";
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const out = `${url.pathname}${url.search}${url.hash}`;
  // Encoded slashes or backslashes at the start (`/%2F/evil`, `/%5Cevil`) are paths here but some
  // proxies and clients decode them before following: refuse them too.
  if (!out.startsWith("/") || out.startsWith("//") || /^\/(%2f|%5c)/i.test(out)) return "/";
  return out;
}
