/**
 * The interface languages and how a request's language is chosen. Cheap and pure: a cookie
 * and a header read, no database. Used by the page cache (its key) and by i18n/request.ts (the render),
 * so that a cached document is always in the language its key says.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie the language switcher (and a member's saved preference) sets. */
export const LANG_COOKIE = "lang";
/** A year, in seconds: how long the switcher's choice is kept. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** A Set-Cookie value for the `lang` cookie (as the switcher writes it); null clears it. */
export function langCookie(locale: Locale | null): string {
  return locale
    ? `${LANG_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LANG_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`
    : `${LANG_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "中文（简体）" };

/** One of our locales for a language tag (`zh`, `zh-Hans-CN`, `zh-SG` → zh-CN; `en-GB` → en), else null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === "en" || t.startsWith("en-")) return "en";
  // Simplified Chinese; Traditional (zh-Hant, zh-TW, zh-HK, zh-MO) is not offered, and falls through.
  if (t === "zh" || t === "zh-cn" || t.startsWith("zh-hans") || t === "zh-sg" || t === "zh-my") return "zh-CN";
  return null;
}

/** The best of our locales for an Accept-Language header (by q, then order), else null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: Locale | null = null;
  let bestQ = 0;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag, ...params] = part.split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > bestQ)) continue;
    const l = matchLocale(tag);
    if (l) {
      best = l;
      bestQ = weight;
    }
  }
  return best;
}

/** The value of the `lang` cookie in a Cookie header, when it names one of our locales. */
export function localeFromCookieHeader(cookie: string | null | undefined): Locale | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== LANG_COOKIE) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
  }
  return null;
}

/** A request's language: the `lang` cookie, then Accept-Language, then English. */
export function resolveLocale(cookieValue: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const fromCookie = cookieValue && (LOCALES as readonly string[]).includes(cookieValue) ? (cookieValue as Locale) : null;
  return fromCookie ?? localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The query parameter that names a page's language in its URL (`/posts/1?hl=zh-CN`), for search engines:
 * each language of a page needs an address of its own for `hreflang` (lib/seo/metadata.ts). It comes
 * before the cookie and Accept-Language; the HTTP front passes it to the render in LOCALE_PARAM_HEADER.
 */
export const LOCALE_PARAM = "hl";
/** Set by the HTTP front from the URL's `hl` (a client's own is removed), read by i18n/request.ts. */
export const LOCALE_PARAM_HEADER = "x-forum-hl";

/** The locale a URL (path and query) names with `?hl=`, else null. Cheap: no URL parsing without `hl=`. */
export function localeFromUrl(url: string | null | undefined): Locale | null {
  if (!url || !url.includes(`${LOCALE_PARAM}=`)) return null;
  const q = url.indexOf("?");
  if (q < 0) return null;
  const value = new URLSearchParams(url.slice(q + 1)).get(LOCALE_PARAM);
  return value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
}
