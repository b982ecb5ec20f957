import { useFormatter, useTranslations } from "next-intl";
import type { StatsPointDto } from "@/lib/validation/openisle/site";

const W = 300;
const H = 56;
const GAP = 2;

/** "Nov 27" (en) or "11月27日" (zh-CN) for a YYYY-MM-DD day, in the page's language. */
export function useShortDay() {
  const format = useFormatter();
  return (date: string) => format.dateTime(new Date(`${date}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * A small bar chart of a daily series (an inline SVG: no chart library on the page). The picture is
 * one image to assistive technology, labelled with what it shows and its highest day; the numbers
 * themselves are in the dashboard's table of days.
 */
export function ActivityChart({ points, label }: { points: StatsPointDto[]; label: string }) {
  const t = useTranslations("Dashboard");
  const shortDay = useShortDay();
  const max = Math.max(1, ...points.map((p) => p.value));
  const top = points.reduce<StatsPointDto | null>((a, p) => (p.value > (a?.value ?? 0) ? p : a), null);
  const bar = W / points.length;
  const summary = top
    ? t("chartSummary", { label, days: points.length, top: top.value, day: shortDay(top.date) })
    : t("chartEmpty", { label, days: points.length });
  return (
    <figure className="space-y-1">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} className="h-14 w-full">
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth="1" />
        {points.map((p, i) => {
          const h = p.value ? Math.max(2, (p.value / max) * (H - 4)) : 0;
          const last = i === points.length - 1;
          return (
            <rect
              key={p.date}
              x={i * bar + GAP / 2}
              y={H - 1 - h}
              width={bar - GAP}
              height={h}
              rx="1"
              className={last ? "fill-sky-700 dark:fill-sky-300" : "fill-sky-500/70 dark:fill-sky-500/80"}
            />
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        <span>{points[0] ? shortDay(points[0].date) : ""}</span>
        <span>{t("today")}</span>
      </figcaption>
    </figure>
  );
}
