const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const abs = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "3 hours ago" / "in 2 days", relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, sec] of UNITS) {
    if (Math.abs(diff) >= sec) return rtf.format(Math.round(diff / sec), unit);
  }
  return Math.abs(diff) < 30 ? "just now" : rtf.format(Math.round(diff), "second");
}

export function absoluteTime(iso: string): string {
  return `${abs.format(new Date(iso))} UTC`;
}

/** A <time> showing the relative time, with the absolute time in its title and datetime attribute. */
export function RelativeTime({ iso, className = "" }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)} className={className || undefined} suppressHydrationWarning>
      {relativeTime(iso)}
    </time>
  );
}
