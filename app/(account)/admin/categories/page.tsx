import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { AdminCategories } from "@/components/admin/admin-categories";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listCategoriesForAdmin } from "@/lib/services/taxonomy/categories";

export const generateMetadata = () => adminMetadata("categories");

/** Admins: create, edit, reorder and delete categories (issue 18). Others get the 404 page. */
export default async function AdminCategoriesPage() {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/categories");
  const categories = await orNotFound(listCategoriesForAdmin(viewer));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.categories")}</h1>
      <AdminNav current="/admin/categories" />
      <AdminCategories categories={categories} />
    </div>
  );
}
