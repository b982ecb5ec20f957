import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminDashboard } from "@/components/admin/dashboard/admin-dashboard";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getAdminDashboard } from "@/lib/services/moderation/dashboard";

export const metadata: Metadata = { title: "Overview · Administration" };

/** Staff: the dashboard (issue 47). Admins see everything, moderators the moderation part; others get the 404 page. */
export default async function AdminOverviewPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin");
  const data = await orNotFound(getAdminDashboard(viewer));
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <h1 className="text-2xl font-semibold">{data.scope === "ADMIN" ? "Administration" : "Moderation"}</h1>
      {data.scope === "ADMIN" ? <AdminNav current="/admin" /> : null}
      <AdminDashboard data={data} />
    </div>
  );
}
