import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageReader } from "@/lib/cache/page-reader";
import { Link } from "@/components/ui/link";
import { CategoryIcon } from "@/components/posts/category-icon";
import { categoryTree } from "@/lib/category-tree";
import { listCategories } from "@/lib/services/taxonomy/categories";
import { pageMetadata } from "@/lib/seo/metadata";
import type { CategoryFullDto } from "@/lib/validation/responses";

export async function generateMetadata(): Promise<Metadata> {
  const title = (await getTranslations("Categories"))("title");
  return { ...(await pageMetadata({ path: "/categories", title })), title };
}

/** A category's address: its slug when it has one (/c/{id} keeps working). */
const categoryHref = (c: Pick<CategoryFullDto, "id" | "slug">) => `/c/${c.slug ?? c.id}`;

/** Every category the reader may see, sub-categories nested under their parent (issue 57). */
export default async function CategoriesPage() {
  const { viewer } = await pageReader();
  const [categories, t] = await Promise.all([listCategories(viewer), getTranslations("Categories")]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <Link href="/tags" className="text-sm text-sky-700 underline underline-offset-2 dark:text-sky-400">
          {t("allTags")}
        </Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="category-index">
        {categoryTree(categories).map(({ category: c, children }) => (
          <li
            key={c.id}
            className="flex flex-col rounded-lg border border-zinc-200 dark:border-zinc-800"
            style={c.color ? { borderLeftColor: c.color, borderLeftWidth: 4 } : undefined}
            data-testid="category-card"
          >
            <Link
              href={categoryHref(c)}
              className="block rounded-lg p-4 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-900"
            >
              <span className="flex items-center gap-3">
                <CategoryIcon icon={c.icon} color={c.color} size="sm" />
                <span className="min-w-0 grow font-semibold break-words text-zinc-900 dark:text-zinc-100">{c.name}</span>
                <span className="shrink-0 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                  {t("posts", { count: c.count ?? 0 })}
                </span>
              </span>
              {c.description ? <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{c.description}</span> : null}
            </Link>
            {children.length ? (
              <ul
                className="mx-4 mb-3 space-y-1 border-t border-zinc-200 pt-2 dark:border-zinc-800"
                aria-label={t("subcategoriesOf", { name: c.name })}
                data-testid="subcategories"
              >
                {children.map((k) => (
                  <li key={k.id}>
                    <Link
                      href={categoryHref(k)}
                      className="flex items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-900"
                    >
                      <CategoryIcon icon={k.icon} color={k.color} size="sm" />
                      <span className="min-w-0 grow font-medium break-words text-zinc-800 dark:text-zinc-200">{k.name}</span>
                      <span className="shrink-0 text-zinc-600 tabular-nums dark:text-zinc-400">{t("posts", { count: k.count ?? 0 })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
