import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminSettings } from "@/components/admin/admin-settings";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getSiteConfig } from "@/lib/services/moderation/site-settings";

export const generateMetadata = () => adminMetadata("settings");

/** Admins: publish mode, registration, flag threshold, and the rate limits in force (issue 18). */
export default async function AdminSettingsPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/settings");
  const config = await orNotFound(getSiteConfig(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.settings")}</h1>
      <AdminNav current="/admin/settings" />
      <AdminSettings config={config} />
    </div>
  );
}
