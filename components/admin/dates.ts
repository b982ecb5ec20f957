import { useLocale } from "next-intl";

/**
 * A human date in a language, the same on the server and in every browser (UTC): "4 December 2026"
 * in English (as the British write it), "2026年12月4日" in Chinese.
 */
export function humanDateIn(locale: string, iso: string): string {
  return new Date(iso).toLocaleDateString(locale === "en" ? "en-GB" : locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** humanDateIn the page's language (components; async server pages call humanDateIn with getLocale()). */
export function useHumanDate() {
  const locale = useLocale();
  return (iso: string) => humanDateIn(locale, iso);
}
