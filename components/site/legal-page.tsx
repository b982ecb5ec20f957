import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { absoluteTime } from "@/components/ui/relative-time";
import { Link } from "@/components/ui/link";
import type { LegalSlug } from "@/db/schema/site";
import { getLegalPage } from "@/lib/services/site/legal";

/** The `<title>` of a legal page: its own heading's words ("Terms of service"). */
export async function legalMetadata(slug: LegalSlug): Promise<Metadata> {
  const t = await getTranslations("Legal");
  return { title: t(`title.${slug}`) };
}

/**
 * /about, /terms, /privacy, /guidelines (issue 61): the admin's markdown (or the built-in text), its
 * version and date, and a link to its history. The same for every reader, so the page cache may keep it.
 */
export async function LegalPageView({ slug }: { slug: LegalSlug }) {
  const [page, t] = await Promise.all([getLegalPage({ slug }), getTranslations("Legal")]);
  return (
    <article className="mx-auto w-full max-w-3xl space-y-4" data-testid={`legal-${slug}`} data-version={page.version}>
      <div
        className="markdown-body rounded-lg border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {page.version === 0
          ? t("builtIn")
          : t("version", {
              version: page.version,
              date: absoluteTime(page.updatedAt!, (await getLocale()) === "zh-CN" ? "zh-CN" : "en"),
            })}{" "}
        {page.version > 0 ? (
          <Link href={`/${slug}/history`} className="underline">
            {t("history")}
          </Link>
        ) : null}
      </p>
    </article>
  );
}
