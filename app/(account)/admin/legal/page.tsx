import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { adminMetadata } from "@/components/admin/admin-meta";
import { AdminNav } from "@/components/admin/admin-nav";
import { LegalEditor } from "@/components/site/legal-editor";
import { Link } from "@/components/ui/link";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getIdentitySettings } from "@/lib/services/site/identity";
import { getLegalPage } from "@/lib/services/site/legal";
import type { LegalSlug } from "@/db/schema/site";
import { LEGAL_SLUGS } from "@/lib/validation/site";

export const generateMetadata = () => adminMetadata("legal");

/** Admins: the about, terms, privacy and guidelines pages, each published as a new version (issue 61). */
export default async function AdminLegalPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/admin/legal");
  await orNotFound(getIdentitySettings(viewer));
  const asked = (await searchParams).page;
  const slug: LegalSlug = (LEGAL_SLUGS as readonly string[]).includes(asked ?? "") ? (asked as LegalSlug) : "about";
  const [t, tl, page] = await Promise.all([getTranslations("Admin"), getTranslations("Legal"), getLegalPage({ slug })]);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("page.legal")}</h1>
      <AdminNav current="/admin/legal" />
      <nav aria-label={tl("pagesNav")} className="flex flex-wrap gap-1 text-sm">
        {LEGAL_SLUGS.map((s) => (
          <Link
            key={s}
            href={`/admin/legal?page=${s}`}
            aria-current={s === slug ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 ${s === slug ? "bg-sky-700 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-900"}`}
          >
            {tl(`title.${s}`)}
          </Link>
        ))}
      </nav>
      <LegalEditor key={`${slug}-${page.version}`} page={page} />
    </div>
  );
}
