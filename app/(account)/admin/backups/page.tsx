import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { BackupsPanel } from "@/components/admin/backups/backups-panel";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listBackupsForAdmin } from "@/lib/services/backups/backups";

export const generateMetadata = () => adminMetadata("backups");

/** Admins: the forum's backups (make one now, download, delete, schedule). Others get the 404 page. */
export default async function AdminBackupsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/backups");
  const data = await orNotFound(listBackupsForAdmin(viewer));
  const t = await getTranslations("AdminBackups");
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <AdminNav current="/admin/backups" />
      <BackupsPanel initial={data} />
    </div>
  );
}
