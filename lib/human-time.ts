// Dates as a person reads them, the same in API errors and on the pages (no Intl: see components/ui/relative-time.tsx).

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
export function untilInWords(until: string, now = Date.now()): string {
  const d = new Date(until);
  const left = d.getTime() - now;
  const day = `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  const hours = Math.max(1, Math.round(left / 3_600_000));
  if (left < 48 * 3_600_000) {
    const hm = `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
    return `${day}, ${hm} UTC (in ${hours} hour${hours === 1 ? "" : "s"})`;
  }
  const days = Math.round(left / 86_400_000);
  return `${day} (in ${days} days)`;
}
