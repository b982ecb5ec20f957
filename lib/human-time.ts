// Dates as a person reads them, the same in API errors and on the pages. English is written out by hand
// (no Intl: see components/ui/relative-time.tsx), other languages through Intl.
import type { Locale } from "@/lib/i18n/locale";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A suspension's end as a person reads it: "4 December 2026 (in 7 days)", or with the hour when it
 * ends within two days: "28 November 2026, 14:00 UTC (in 5 hours)". UTC, since the server does not know
 * the reader's time zone (the pages say the same: components/layout/suspension-banner.tsx).
 */
export function untilInWords(until: string, now = Date.now(), locale: Locale = "en"): string {
  const d = new Date(until);
  const left = d.getTime() - now;
  if (locale !== "en") return untilThroughIntl(d, left, locale);
  const day = `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const hours = Math.max(1, Math.round(left / 3_600_000));
  if (left < 48 * 3_600_000) {
    const hm = `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
    return `${day}, ${hm} UTC (in ${hours} hour${hours === 1 ? "" : "s"})`;
  }
  const days = Math.round(left / 86_400_000);
  return `${day} (in ${days} days)`;
}

/** The same in another language, through Intl: "2026年12月4日（7天后）", "2026年11月28日 14:00 UTC（5小时后）". */
function untilThroughIntl(d: Date, left: number, locale: Locale): string {
  const soon = left < 48 * 3_600_000;
  const day = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(d);
  const hm = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(d);
  const rel = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  const inWords = soon ? rel.format(Math.max(1, Math.round(left / 3_600_000)), "hour") : rel.format(Math.round(left / 86_400_000), "day");
  const when = soon ? `${day} ${hm} UTC` : day;
  return locale.startsWith("zh") ? `${when}（${inWords}）` : `${when} (${inWords})`;
}
