import { useId } from "react";
import { useTranslations } from "next-intl";

export type TrendPoint = { date: string; value: number };

const W = 640;
const H = 220;
const PAD = { left: 52, right: 16, top: 16, bottom: 30 };

/** Round tick values from 0 to at least `max` (about four steps of 1, 2 or 5 × 10^n). */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const lo = Math.min(0, min);
  const span = Math.max(1, max - lo);
  const raw = span / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? raw) || 1;
  const start = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= max + step * 0.999 && ticks.length < 12; v += step) ticks.push(Math.round(v));
  if (ticks.length < 2) ticks.push(start + step);
  return ticks;
}

const fmtDay = (d: string) => {
  const [, m, day] = d.split("-");
  return `${Number(m)}/${Number(day)}`;
};

/**
 * The balance at the end of each day as an accessible SVG line chart: axes with labels, a <title> and a
 * <desc> summarising the series, and the same data as a table for screen readers and copying.
 */
export function PointsChart({ data, caption: given }: { data: TrendPoint[]; caption?: string }) {
  const t = useTranslations("PointsChart");
  const caption = given ?? t("caption");
  const id = useId();
  if (!data.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noData")}</p>;
  const values = data.map((d) => d.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const ticks = niceTicks(min, max);
  const yMin = ticks[0]!;
  const yMax = ticks[ticks.length - 1]!;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (data.length === 1 ? plotW / 2 : (i * plotW) / (data.length - 1));
  const y = (v: number) => PAD.top + plotH - ((v - yMin) / (yMax - yMin || 1)) * plotH;
  const pts = data.map((d, i) => `${x(i).toFixed(1)},${y(d.value).toFixed(1)}`).join(" ");
  const area = `${x(0).toFixed(1)},${y(yMin).toFixed(1)} ${pts} ${x(data.length - 1).toFixed(1)},${y(yMin).toFixed(1)}`;
  const first = data[0]!;
  const last = data[data.length - 1]!;
  const labelEvery = Math.max(1, Math.ceil(data.length / 6));
  const desc = t("desc", { from: first.date, to: last.date, start: first.value, now: last.value, min, max });

  return (
    <figure className="space-y-2" data-testid="points-chart" data-last-value={last.value}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="h-auto w-full text-zinc-600 dark:text-zinc-400"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-t`}>{t("title", { caption, days: data.length })}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        {/* y axis: gridlines and labels */}
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} stroke="currentColor" strokeOpacity={0.5} />
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="currentColor" strokeOpacity={0.5} />
        {/* x axis labels */}
        {data.map((d, i) =>
          i % labelEvery === 0 || i === data.length - 1 ? (
            <text key={d.date} x={x(i)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
              {fmtDay(d.date)}
            </text>
          ) : null,
        )}
        <text
          x={12}
          y={PAD.top + plotH / 2}
          transform={`rotate(-90 12 ${PAD.top + plotH / 2})`}
          textAnchor="middle"
          fontSize={11}
          fill="currentColor"
        >
          {t("axis")}
        </text>
        <polygon points={area} className="fill-sky-500/15" />
        <polyline points={pts} fill="none" className="stroke-sky-600 dark:stroke-sky-400" strokeWidth={2} strokeLinejoin="round" />
        {data.map((d, i) => (
          <circle key={d.date} cx={x(i)} cy={y(d.value)} r={i === data.length - 1 ? 4 : 2} className="fill-sky-600 dark:fill-sky-400">
            <title>{t("point", { date: d.date, value: d.value })}</title>
          </circle>
        ))}
        <text
          x={x(data.length - 1) - 6}
          y={y(last.value) - 8}
          textAnchor="end"
          fontSize={12}
          fontWeight={600}
          className="fill-zinc-800 dark:fill-zinc-100"
        >
          {last.value}
        </text>
      </svg>
      <figcaption className="text-xs text-zinc-600 dark:text-zinc-400">{desc}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("showTable")}</summary>
        <table className="mt-2 w-full max-w-xs text-left text-xs">
          <caption className="sr-only">{t("perDay", { caption })}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-0.5">
                {t("date")}
              </th>
              <th scope="col" className="py-0.5 text-right">
                {t("balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <td className="py-0.5">{d.date}</td>
                <td className="py-0.5 text-right tabular-nums">{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
