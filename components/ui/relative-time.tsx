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

/**
 * ICU formatting costs 10-20 µs a call, and a list page formats two times per row on every render
 * (~1 ms of a home page render on the server). The texts are few (a relative time is a number and a
 * unit; a list shows the same times render after render), so each is formatted once and kept.
 */
const MEMO_MAX = 2000;
const memo = (fn: (key: string) => string) => {
  const kept = new Map<string, string>();
  return (key: string): string => {
    let text = kept.get(key);
    if (text === undefined) {
      text = fn(key);
      if (kept.size >= MEMO_MAX) kept.clear();
      kept.set(key, text);
    }
    return text;
  };
};
const relative = memo((key) => {
  const [n, unit] = key.split(" ");
  return rtf.format(Number(n), unit as Intl.RelativeTimeFormatUnit);
});

/** "3 hours ago" / "in 2 days", relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, sec] of UNITS) {
    if (Math.abs(diff) >= sec) return relative(`${Math.round(diff / sec)} ${unit}`);
  }
  return Math.abs(diff) < 30 ? "just now" : relative(`${Math.round(diff)} second`);
}

export const absoluteTime: (iso: string) => string = memo((iso) => `${abs.format(new Date(iso))} UTC`);

/** A <time> showing the relative time, with the absolute time in its title and datetime attribute. */
export function RelativeTime({ iso, className = "" }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={absoluteTime(iso)} className={className || undefined} suppressHydrationWarning>
      {relativeTime(iso)}
    </time>
  );
}
