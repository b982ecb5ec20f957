import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageReader } from "@/lib/cache/page-reader";
import { Link } from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { listTags } from "@/lib/services/taxonomy/tags";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const title = (await getTranslations("Tags"))("title");
  const raw = (await searchParams).page;
  const page = Math.min(Math.max(0, Number.parseInt(Array.isArray(raw) ? (raw[0] ?? "0") : (raw ?? "0"), 10) || 0), 1000);
  return { ...(await pageMetadata({ path: page ? `/tags?page=${page}` : "/tags", title })), title };
}

const PAGE_SIZE = 60;

export default async function TagsPage({ searchParams }: Props) {
  const raw = (await searchParams).page;
  const page = Math.min(Math.max(0, Number.parseInt(Array.isArray(raw) ? (raw[0] ?? "0") : (raw ?? "0"), 10) || 0), 1000);
  const { viewer } = await pageReader();
  const [tags, t] = await Promise.all([listTags(viewer, { page, pageSize: PAGE_SIZE }), getTranslations("Tags")]);
  const hasNext = tags.length === PAGE_SIZE;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <Link href="/categories" className="text-sm text-sky-700 underline underline-offset-2 dark:text-sky-400">
          {t("allCategories")}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="tag-index">
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              href={`/t/${tag.id}`}
              className="block h-full rounded-lg border border-zinc-200 p-3 hover:border-sky-600 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-800 dark:hover:border-sky-500"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-zinc-900 dark:text-zinc-100">#{tag.name}</span>
                <span className="shrink-0 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                  {t("posts", { count: tag.count ?? 0 })}
                </span>
              </span>
              {tag.description ? (
                <span className="mt-1 line-clamp-2 block text-sm text-zinc-600 dark:text-zinc-400">{tag.description}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {page > 0 || hasNext ? (
        <nav aria-label={t("pages")} className="flex items-center justify-between text-sm">
          {page > 0 ? (
            <Link href={page === 1 ? "/tags" : `/tags?page=${page - 1}`} className={buttonClass("secondary", "sm")} rel="prev">
              {t("previous")}
            </Link>
          ) : (
            <span />
          )}
          {hasNext ? (
            <Link href={`/tags?page=${page + 1}`} className={buttonClass("secondary", "sm")} rel="next">
              {t("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
