import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { AdminGoods } from "@/components/admin/admin-goods";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listGoodsForAdmin } from "@/lib/services/points/shop";

export const generateMetadata = () => adminMetadata("goods");

/** Admins: the point shop's goods, retired ones included. Others get the 404 page. */
export default async function AdminGoodsPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/goods");
  const goods = await orNotFound(listGoodsForAdmin(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.goods")}</h1>
      <AdminNav current="/admin/goods" />
      <AdminGoods goods={goods} />
    </div>
  );
}
