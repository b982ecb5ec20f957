import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminSettings } from "@/components/admin/admin-settings";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getSiteConfig } from "@/lib/services/moderation/site-settings";

export const metadata: Metadata = { title: "Site settings · Administration" };

/** Admins: publish mode, registration, flag threshold, and the rate limits in force (issue 18). */
export default async function AdminSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/settings");
  const config = await orNotFound(getSiteConfig(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">Site settings</h1>
      <AdminNav current="/admin/settings" />
      <AdminSettings config={config} />
    </div>
  );
}
