import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { PointsBalance, PointsHistory } from "@/components/points/points-history";
import { LEDGER_PAGE_SIZE, TREND_DAYS, ledgerKey } from "@/components/points/points-paging";
import { PointsShop } from "@/components/points/points-shop";
import { pageViewer } from "@/lib/cache/page-reader";
import { pointKeys, userKeys } from "@/lib/client/query-keys";
import { listPointHistories, pointTrend } from "@/lib/services/points/points";
import { listGoods } from "@/lib/services/points/shop";
import { getMe } from "@/lib/services/shared/me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Points"))("metaTitle") };
}

export default async function PointsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/points");
  const [me, goods, ledger, trend] = await Promise.all([
    getMe(viewer),
    listGoods(),
    listPointHistories(viewer, { page: 0, pageSize: LEDGER_PAGE_SIZE }),
    pointTrend(viewer, { days: TREND_DAYS }),
  ]);
  const t = await getTranslations("Points");
  const qc = new QueryClient();
  qc.setQueryData(userKeys.me(), me);
  qc.setQueryData(pointKeys.goods(), goods);
  qc.setQueryData(ledgerKey(), { pages: [ledger], pageParams: [0] });
  qc.setQueryData(pointKeys.trend(TREND_DAYS), trend);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="space-y-10">
        <section aria-labelledby="balance-h" className="space-y-3">
          <h1 id="balance-h" className="text-2xl font-semibold tracking-tight">
            {t("heading")}
          </h1>
          <PointsBalance />
        </section>
        <section aria-labelledby="shop-h" className="space-y-3">
          <h2 id="shop-h" className="text-xl font-semibold">
            {t("shop")}
          </h2>
          <PointsShop />
        </section>
        <section aria-labelledby="ledger-h" className="space-y-3">
          <h2 id="ledger-h" className="text-xl font-semibold">
            {t("history")}
          </h2>
          <PointsHistory />
        </section>
      </div>
    </HydrationBoundary>
  );
}
