import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminSettings } from "@/components/admin/admin-settings";
import { RateLimitSettings } from "@/components/admin/rate-limit-settings";
import { NewMemberSettings } from "@/components/spam/new-member-settings";
import { spamSettingsOf } from "@/lib/services/shared/spam-settings";
import { IdentityForm } from "@/components/site/identity-form";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getFullSiteConfig } from "@/lib/services/site/config";

export const generateMetadata = () => adminMetadata("settings");

/** Admins: the site's identity, publish mode, registration, flag threshold, new-member limits and rate limits. */
export default async function AdminSettingsPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/settings");
  const config = await orNotFound(getFullSiteConfig(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.settings")}</h1>
      <AdminNav current="/admin/settings" />
      <IdentityForm config={config} />
      <AdminSettings config={config} />
      <NewMemberSettings settings={spamSettingsOf(config)} />
      <RateLimitSettings limits={config.rateLimits} />
    </div>
  );
}
