"use client";

import { Link } from "@/components/ui/link";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { PointsChart, type TrendPoint } from "@/components/points/points-chart";
import { LEDGER_PAGE_SIZE, TREND_DAYS, ledgerKey } from "@/components/points/points-paging";
import { api } from "@/lib/client/api-client";
import { pointKeys, userKeys } from "@/lib/client/query-keys";
import type { PointHistoryDto } from "@/lib/validation/economy";

// The ledger's entry types are named in the catalogs (Points.type.<TYPE>).

/** The balance, the 30-day chart. */
export function PointsBalance() {
  const t = useTranslations("Points");
  const format = useFormatter();
  const me = useQuery({ queryKey: userKeys.me(), queryFn: api.me });
  const trend = useQuery({
    queryKey: pointKeys.trend(TREND_DAYS),
    queryFn: (): Promise<TrendPoint[]> => api.pointTrend(TREND_DAYS),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t.rich("balance", {
          count: me.data?.point ?? 0,
          n: () => (
            <strong className="text-2xl font-bold text-zinc-900 tabular-nums dark:text-zinc-100" data-testid="points-balance">
              {me.data ? format.number(me.data.point) : "…"}
            </strong>
          ),
        })}
      </p>
      {trend.data ? <PointsChart data={trend.data} /> : <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loadingChart")}</p>}
    </div>
  );
}

/**
 * A redemption's related cell: the good (a link to it in the shop above while it is still offered)
 * and whether an admin has handed it over.
 */
function RedeemedGood({ r }: { r: NonNullable<PointHistoryDto["redemption"]> }) {
  const t = useTranslations("Points");
  const status = r.status === "fulfilled" ? t("redemptionFulfilled") : t("redemptionPending");
  return (
    <span className="inline-flex max-w-full items-center gap-2" data-testid="ledger-good">
      {r.onOffer && r.goodId !== null ? (
        <a href={`#good-${r.goodId}`} className="truncate text-sky-700 hover:underline dark:text-sky-400">
          {r.goodName}
        </a>
      ) : (
        <span className="truncate">{r.goodName}</span>
      )}
      <span
        className={`badge shrink-0 ${r.status === "fulfilled" ? "badge-success" : "badge-warning"}`}
        title={t("redemptionStatus", { status })}
        data-testid="ledger-redemption-status"
      >
        {status}
      </span>
    </span>
  );
}

/** The ledger, newest first: type, amount (±), balance after it, what it relates to, and when. */
export function PointsHistory() {
  const t = useTranslations("Points");
  const format = useFormatter();
  const q = useInfiniteQuery({
    queryKey: ledgerKey(),
    queryFn: ({ pageParam }): Promise<PointHistoryDto[]> => api.pointHistories(pageParam, LEDGER_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.length === LEDGER_PAGE_SIZE ? all.length : undefined),
  });
  const rows = q.data?.pages.flat() ?? [];
  if (q.isPending) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loadingHistory")}</p>;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("historyError")}
      </p>
    );
  if (!rows.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="points-ledger">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-zinc-50 text-xs tracking-wide text-zinc-600 uppercase dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("colType")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("colAmount")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("colBalance")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("colRelated")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("colWhen")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((h) => (
              <tr key={h.id} data-testid="ledger-row" data-type={h.type}>
                <td className="px-3 py-2">{t(`type.${h.type}`)}</td>
                <td
                  className={`px-3 py-2 text-right font-semibold tabular-nums ${h.amount >= 0 ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
                >
                  {h.amount > 0 ? `+${format.number(h.amount)}` : h.amount < 0 ? `−${format.number(-h.amount)}` : "0"}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{format.number(h.balance)}</td>
                <td className="max-w-[16rem] truncate px-3 py-2">
                  {h.postId !== null && h.postTitle !== null ? (
                    <Link
                      href={h.commentId ? `/posts/${h.postId}#comment-${h.commentId}` : `/posts/${h.postId}`}
                      className="text-sky-700 hover:underline dark:text-sky-400"
                    >
                      {h.postTitle}
                    </Link>
                  ) : h.postId !== null ? (
                    <span className="text-zinc-600 dark:text-zinc-400">{t("deletedPost")}</span>
                  ) : h.redemption ? (
                    <RedeemedGood r={h.redemption} />
                  ) : null}
                  {h.fromUserName ? <span className="text-zinc-600 dark:text-zinc-400"> · {h.fromUserName}</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  <RelativeTime iso={h.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? t("loading") : t("loadMore")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
