import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminDashboard } from "@/components/admin/dashboard/admin-dashboard";
import { LiveReviewRefresh } from "@/components/admin/dashboard/live-review-refresh";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getAdminDashboard } from "@/lib/services/moderation/dashboard";
import { BackupAlert } from "@/components/admin/backups/backup-alert";
import { getBackupAlert } from "@/lib/services/backups/backups";
import { SpamActivity } from "@/components/spam/spam-activity";
import { spamSummary } from "@/lib/services/spam/summary";

export const generateMetadata = () => adminMetadata("overview");

/**
 * Staff: the dashboard. Admins see everything, moderators the moderation part; others get the 404 page.
 * Its review counts (open flags, pending posts, spam activity) refresh on live `review` events.
 */
export default async function AdminOverviewPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin");
  const data = await orNotFound(getAdminDashboard(viewer));
  const t = await getTranslations("Admin");
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <h1 className="text-2xl font-semibold">{data.scope === "ADMIN" ? t("administration") : t("moderation")}</h1>
      {data.scope === "ADMIN" ? <AdminNav current="/admin" /> : null}
      <BackupAlert failure={await getBackupAlert(viewer)} />
      <SpamActivity summary={await spamSummary(viewer)} />
      <AdminDashboard data={data} />
      <LiveReviewRefresh />
    </div>
  );
}
