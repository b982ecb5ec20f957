import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";

/**
 * The language for a visitor who asks for none of ours (no `?hl=`, no `lang` cookie, no Accept-Language
 * we offer): the admin's default language (issue 61), as this process last read it. Every page render
 * reads the site's identity, which refreshes it (lib/services/site/identity.ts), so a change reaches
 * every process with its next page. The HTTP front stamps the value it used on the request
 * (SITE_DEFAULT_LOCALE_HEADER) before the page cache keys the request by it, and i18n/request.ts renders
 * in that same value: a document is always stored under the language it is written in.
 */
let current: Locale = DEFAULT_LOCALE;
export const siteDefaultLocale = (): Locale => current;
export function setSiteDefaultLocale(locale: Locale): void {
  current = locale;
}
/** Set by the HTTP front (a client's own is replaced), read by the page cache's key and i18n/request.ts. */
export const SITE_DEFAULT_LOCALE_HEADER = "x-forum-default-locale";
