import type { IncomingMessage } from "node:http";
import { LOCALE_PARAM_HEADER, localeFromUrl } from "@/lib/i18n/locale";
import { SITE_DEFAULT_LOCALE_HEADER, siteDefaultLocale } from "@/lib/i18n/site-default";

/**
 * A page's language named in its URL (`?hl=zh-CN`, the addresses `hreflang` points to: lib/seo/metadata.ts)
 * reaches the render as a header (i18n/request.ts reads it; a page cannot read its query there). A client's
 * own header of that name is dropped, so only the URL decides.
 */
export function stampUrlLocale(req: IncomingMessage): void {
  delete req.headers[LOCALE_PARAM_HEADER];
  const locale = localeFromUrl(req.url);
  if (locale) req.headers[LOCALE_PARAM_HEADER] = locale;
  // The admin's default language, for a visitor who names none: read once here, used by the key and the render.
  req.headers[SITE_DEFAULT_LOCALE_HEADER] = siteDefaultLocale();
}
