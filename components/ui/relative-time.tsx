const UNITS: [Unit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
type Unit = "year" | "month" | "week" | "day" | "hour" | "minute" | "second";

/*
 * The texts of `Intl.RelativeTimeFormat("en", { numeric: "auto" })` and of `Intl.DateTimeFormat("en",
 * { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })`, written without Intl: this component
 * hydrates on every row of every list, and a browser's first Intl formatter loads its locale data,
 * ~35 ms of the main thread in each page load (measured in headless Chromium), before the page can
 * respond. English only, like the rest of the interface; tests/unit/relative-time.test.ts holds the
 * texts equal to Intl's.
 */
const NEAR: Partial<Record<Unit, [string, string]>> = {
  day: ["yesterday", "tomorrow"],
  week: ["last week", "next week"],
  month: ["last month", "next month"],
  year: ["last year", "next year"],
};
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `n` (a non-zero whole number) units from now, as Intl's "en" relative format with numeric "auto". */
export function relativeText(n: number, unit: Unit): string {
  const size = Math.abs(n);
  const near = size === 1 ? NEAR[unit] : undefined;
  if (near) return near[n < 0 ? 0 : 1];
  const count = `${grouped(size)} ${unit}${size === 1 ? "" : "s"}`;
  return n < 0 ? `${count} ago` : `in ${count}`;
}

/** "3 hours ago" / "in 2 days", relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, sec] of UNITS) {
    if (Math.abs(diff) >= sec) return relativeText(Math.round(diff / sec), unit);
  }
  return Math.abs(diff) < 30 ? "just now" : relativeText(Math.round(diff), "second");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 27, 2026, 3:10 AM UTC". */
export function absoluteTime(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours();
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${h % 12 || 12}:${mm} ${h < 12 ? "AM" : "PM"} UTC`;
}

/** A <time> showing the relative time, with the absolute time in its title and datetime attribute. */
export function RelativeTime({ iso, className = "" }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)} className={className || undefined} suppressHydrationWarning>
      {relativeTime(iso)}
    </time>
  );
}
