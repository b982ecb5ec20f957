import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "@/lib/i18n/catalogs";
import { LANG_COOKIE, LOCALE_PARAM_HEADER, LOCALES, localeFromAcceptLanguage, type Locale } from "@/lib/i18n/locale";
import { SITE_DEFAULT_LOCALE_HEADER, siteDefaultLocale } from "@/lib/i18n/site-default";

/**
 * The language of a render (next-intl, without locale routing: URLs carry no language). Chosen as the page
 * cache chooses its key (lib/i18n/locale.ts): the URL's `?hl=` (passed on by the HTTP front), the `lang`
 * cookie, then Accept-Language, then the admin's default language (lib/i18n/site-default.ts: the value the
 * front stamped on the request, which the page cache keyed it by), else English.
 */
export default getRequestConfig(async () => {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const ours = (v: string | null | undefined): Locale | null => (v && (LOCALES as readonly string[]).includes(v) ? (v as Locale) : null);
  const locale =
    ours(h.get(LOCALE_PARAM_HEADER)) ??
    ours(jar.get(LANG_COOKIE)?.value) ??
    localeFromAcceptLanguage(h.get("accept-language")) ??
    ours(h.get(SITE_DEFAULT_LOCALE_HEADER)) ??
    siteDefaultLocale();
  const messages = await loadMessages(locale);
  return { locale, messages, timeZone: "UTC" };
});
