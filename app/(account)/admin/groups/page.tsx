import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminGroups } from "@/components/groups/admin-groups";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { groupKeys } from "@/lib/client/query-keys";
import { listGroups } from "@/lib/services/groups/groups";

export const generateMetadata = () => adminMetadata("groups");

/** Admins: create, edit and delete groups, and manage their members and owners (issue 57). Others get the 404 page. */
export default async function AdminGroupsPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/groups");
  const groups = await orNotFound(listGroups(viewer));
  const qc = new QueryClient();
  qc.setQueryData(groupKeys.list(), groups);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.groups")}</h1>
      <AdminNav current="/admin/groups" />
      <HydrationBoundary state={dehydrate(qc)}>
        <AdminGroups viewerId={viewer.id} />
      </HydrationBoundary>
    </div>
  );
}
