import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { listCategories } from "@/lib/services/taxonomy/categories";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Categories"))("title") };
}

export default async function CategoriesPage() {
  const [categories, t] = await Promise.all([listCategories(), getTranslations("Categories")]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <Link href="/tags" className="text-sm text-sky-700 underline underline-offset-2 dark:text-sky-400">
          {t("allTags")}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="category-index">
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              href={`/c/${c.id}`}
              className="block h-full rounded-lg border border-zinc-200 p-4 hover:border-sky-600 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-800 dark:hover:border-sky-500"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-zinc-900 dark:text-zinc-100">{c.name}</span>
                <span className="shrink-0 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                  {t("posts", { count: c.count ?? 0 })}
                </span>
              </span>
              {c.description ? <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{c.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
