import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminTags } from "@/components/admin/admin-tags";
import { AdminPager, AdminSearch } from "@/components/admin/admin-search";
import { orNotFound, pageSearchParams } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listTagsForAdmin } from "@/lib/services/taxonomy/tags";

export const generateMetadata = () => adminMetadata("tags");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: create, rename, merge and delete tags. Others get the 404 page. */
export default async function AdminTagsPage({ searchParams }: Props) {
  const t = await getTranslations("Admin");
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/tags");
  const sp = await pageSearchParams(searchParams);
  const q = typeof sp.q === "string" ? sp.q.slice(0, 64) : "";
  const page = Math.max(0, Math.min(10_000, Number(sp.page) || 0));
  const tags = await orNotFound(listTagsForAdmin(viewer, { keyword: q, page }));
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.tags")}</h1>
      <AdminNav current="/admin/tags" />
      <AdminSearch action="/admin/tags" label={t("findTags")} q={q} />
      <AdminTags tags={tags} keyword={q} />
      <AdminPager action="/admin/tags" q={q} page={page} more={tags.length === 100} />
    </div>
  );
}
