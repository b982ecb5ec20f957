"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, LOCALE_NAMES, LOCALE_PARAM, LOCALES } from "@/lib/i18n/locale";

/**
 * The interface language, for everyone (footer): a labelled select that keeps the choice in the `lang`
 * cookie for a year and reloads the page, which the server then renders (and the page cache keys) in it.
 */
export function LanguageSwitcher() {
  const t = useTranslations("Footer");
  const locale = useLocale();
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id}>{t("language")}</label>
      <select
        id={id}
        value={locale}
        data-testid="language-switcher"
        onChange={(e) => {
          document.cookie = `${LANG_COOKIE}=${encodeURIComponent(e.target.value)}; Max-Age=${LANG_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
          // A language named in the address (?hl=, the search engines' links) would win over the
          // cookie: the page is loaded again without it.
          const url = new URL(window.location.href);
          if (url.searchParams.has(LOCALE_PARAM)) {
            url.searchParams.delete(LOCALE_PARAM);
            window.location.replace(url);
          } else window.location.reload();
        }}
        className="min-h-8 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
