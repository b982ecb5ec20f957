import { useLocale } from "next-intl";

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
 * respond. In the page's language (English or Simplified Chinese, lib/i18n/locale.ts);
 * tests/unit/relative-time.test.ts holds the texts of each equal to Intl's.
 */
type TimeLocale = "en" | "zh-CN";
const NEAR: Partial<Record<Unit, [string, string]>> = {
  day: ["yesterday", "tomorrow"],
  week: ["last week", "next week"],
  month: ["last month", "next month"],
  year: ["last year", "next year"],
};
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const NEAR_ZH: Partial<Record<Unit, [string, string]>> = {
  day: ["昨天", "明天"],
  week: ["上周", "下周"],
  month: ["上个月", "下个月"],
  year: ["去年", "明年"],
};
const UNIT_ZH: Record<Unit, string> = { year: "年", month: "个月", week: "周", day: "天", hour: "小时", minute: "分钟", second: "秒钟" };

/** `n` (a non-zero whole number) units from now, as Intl's relative format with numeric "auto" in `locale`. */
export function relativeText(n: number, unit: Unit, locale: TimeLocale = "en"): string {
  const size = Math.abs(n);
  if (locale === "zh-CN") {
    if (unit === "day" && size === 2) return n < 0 ? "前天" : "后天";
    const nearZh = size === 1 ? NEAR_ZH[unit] : undefined;
    if (nearZh) return nearZh[n < 0 ? 0 : 1];
    return `${grouped(size)}${UNIT_ZH[unit]}${n < 0 ? "前" : "后"}`;
  }
  const near = size === 1 ? NEAR[unit] : undefined;
  if (near) return near[n < 0 ? 0 : 1];
  const count = `${grouped(size)} ${unit}${size === 1 ? "" : "s"}`;
  return n < 0 ? `${count} ago` : `in ${count}`;
}

/** "3 hours ago" / "in 2 days", relative to `now`. */
export function relativeTime(iso: string, now = Date.now(), locale: TimeLocale = "en"): string {
  const diff = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, sec] of UNITS) {
    if (Math.abs(diff) >= sec) return relativeText(Math.round(diff / sec), unit, locale);
  }
  if (Math.abs(diff) < 30) return locale === "zh-CN" ? "刚刚" : "just now";
  return relativeText(Math.round(diff), "second", locale);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 27, 2026, 3:10 AM UTC"; in Chinese "2026年11月27日 03:10 UTC". */
export function absoluteTime(iso: string, locale: TimeLocale = "en"): string {
  const d = new Date(iso);
  const h = d.getUTCHours();
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  if (locale === "zh-CN")
    return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${String(h).padStart(2, "0")}:${mm} UTC`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${h % 12 || 12}:${mm} ${h < 12 ? "AM" : "PM"} UTC`;
}

/** A <time> showing the relative time, with the absolute time in its title and datetime attribute. */
export function RelativeTime({ iso, className = "" }: { iso: string; className?: string }) {
  const locale: TimeLocale = useLocale() === "zh-CN" ? "zh-CN" : "en";
  return (
    <time dateTime={iso} title={absoluteTime(iso, locale)} className={className || undefined} suppressHydrationWarning>
      {relativeTime(iso, undefined, locale)}
    </time>
  );
}
