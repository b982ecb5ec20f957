import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import type { LegalSlug } from "@/db/schema/site";
import { LegalHistory } from "@/components/site/legal-history";
import { legalHistory } from "@/lib/services/site/legal";

export async function legalHistoryMetadata(slug: LegalSlug): Promise<Metadata> {
  const t = await getTranslations("Legal");
  return { title: t("historyTitle", { page: t(`title.${slug}`) }) };
}

/** /<page>/history: every published version of a legal page, diffed. */
export async function LegalHistoryPage({ slug }: { slug: LegalSlug }) {
  const [history, t] = await Promise.all([legalHistory({ slug }), getTranslations("Legal")]);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <nav aria-label={t("breadcrumb")} className="text-sm">
        <Link href={`/${slug}`} className="underline">
          {t(`title.${slug}`)}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold tracking-tight">{t("historyTitle", { page: t(`title.${slug}`) })}</h1>
      <LegalHistory history={history} />
    </div>
  );
}
