import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { AdminCategories } from "@/components/admin/admin-categories";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { groupKeys } from "@/lib/client/query-keys";
import { listCategoryModerators, listCategoryPermissions, listGroups } from "@/lib/services/groups/groups";
import { listCategoriesForAdmin } from "@/lib/services/taxonomy/categories";

export const generateMetadata = () => adminMetadata("categories");

/** Admins: create, edit, reorder and delete categories, and set who may see, post and reply in each. Others get the 404 page. */
export default async function AdminCategoriesPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/categories");
  const categories = await orNotFound(listCategoriesForAdmin(viewer));
  // Every category's permissions and moderating groups (one query each), and the groups the editor offers, under the keys the rows read.
  const [permissions, moderators, groups] = await Promise.all([
    listCategoryPermissions(viewer),
    listCategoryModerators(viewer),
    listGroups(viewer),
  ]);
  const qc = new QueryClient();
  qc.setQueryData(groupKeys.list(), groups);
  for (const [id, p] of Object.entries(permissions)) qc.setQueryData(groupKeys.categoryPermissions(Number(id)), p);
  for (const [id, m] of Object.entries(moderators)) qc.setQueryData(groupKeys.categoryModerators(Number(id)), m);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.categories")}</h1>
      <AdminNav current="/admin/categories" />
      <HydrationBoundary state={dehydrate(qc)}>
        <AdminCategories categories={categories} />
      </HydrationBoundary>
    </div>
  );
}
