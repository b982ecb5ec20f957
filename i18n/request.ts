import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "@/lib/i18n/catalogs";
import { LANG_COOKIE, resolveLocale } from "@/lib/i18n/locale";

/**
 * The language of a render (next-intl, without locale routing: URLs carry no language). Chosen as the page
 * cache chooses its key (lib/i18n/locale.ts): the `lang` cookie, then Accept-Language, then English.
 */
export default getRequestConfig(async () => {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(jar.get(LANG_COOKIE)?.value, h.get("accept-language"));
  const messages = await loadMessages(locale);
  return { locale, messages, timeZone: "UTC" };
});
