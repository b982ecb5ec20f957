import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminGoods } from "@/components/admin/admin-goods";
import { AdminNav } from "@/components/admin/admin-nav";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listGoodsForAdmin } from "@/lib/services/points/shop";

export const metadata: Metadata = { title: "Point goods · Administration" };

/** Admins: the point shop's goods, retired ones included (issue 18). Others get the 404 page. */
export default async function AdminGoodsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/goods");
  const goods = await orNotFound(listGoodsForAdmin(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Point goods</h1>
      <AdminNav current="/admin/goods" />
      <AdminGoods goods={goods} />
    </div>
  );
}
