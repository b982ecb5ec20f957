import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PostBrowser } from "@/components/posts/post-browser";
import { WatchControl } from "@/components/settings/watch-control";
import { pageReader } from "@/lib/cache/page-reader";
import { parseListState } from "@/components/posts/post-list-url";
import { getCategory, listCategories } from "@/lib/services/taxonomy/categories";
import { categoryTagsOf } from "@/lib/services/taxonomy/tags";
import { CategoryIcon } from "@/components/posts/category-icon";
import { Link } from "@/components/ui/link";
import { isCategorySlug } from "@/lib/validation/taxonomy";
import { describeCategoryPermissions } from "@/lib/services/groups/groups";
import { permissionWords } from "@/components/groups/permission-words";
import { feedPath } from "@/lib/feeds";
import { listSeo, pageMetadata } from "@/lib/seo/metadata";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /c/{id} or /c/{slug} (issue 57 item 5). */
async function load(param: string) {
  const key = /^\d{1,9}$/.test(param) ? { id: Number(param) } : isCategorySlug(param) ? { slug: param } : notFound();
  // As the page's reader: a category they may not see is a 404 (issue 57).
  const { viewer } = await pageReader();
  return getCategory(viewer, key).catch(() => notFound());
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const c = await load((await params).id);
  const feed = { kind: "category", id: c.id } as const;
  const t = await getTranslations("Categories");
  const seo = await pageMetadata({
    ...listSeo(`/c/${c.slug ?? c.id}`, parseListState(await searchParams)),
    title: c.name,
    description: c.description,
  });
  return {
    ...seo,
    title: c.name,
    alternates: {
      ...seo.alternates,
      types: {
        "application/rss+xml": [{ url: feedPath(feed), title: t("feed", { name: c.name }) }],
        "application/atom+xml": [{ url: feedPath(feed, "atom"), title: t("feedAtom", { name: c.name }) }],
      },
    },
  };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const param = (await params).id;
  const category = await load(param);
  const state = parseListState(await searchParams);
  // Only whether the page is read by members (the class of a shared render); the member's choice comes from the browser.
  const { viewer } = await pageReader();
  const t = await getTranslations("Categories");
  // Who may see, start posts and reply here, in words (issue 57): the same for every reader of the page.
  // Its parent and sub-categories (as the reader may see them), and its own tags: those its posts carry.
  const [perms, all, tags] = await Promise.all([
    describeCategoryPermissions(category.id),
    listCategories(viewer),
    categoryTagsOf(category.id, 30),
  ]);
  const parent = category.parentId ? all.find((c) => c.id === category.parentId) : undefined;
  const children = all.filter((c) => c.parentId === category.id);
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start gap-3">
        <CategoryIcon icon={category.icon} color={category.color} />
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
            {parent ? (
              <Link href={`/c/${parent.slug ?? parent.id}`} className="hover:underline" data-testid="category-parent">
                {parent.name}
              </Link>
            ) : (
              t("kicker")
            )}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{category.name}</h1>
          {category.description ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">{category.description}</p> : null}
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("publicPosts", { count: category.count ?? 0 })}</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="category-permissions">
            {permissionWords(t as never, perms)}
          </p>
        </div>
        <div className="ml-auto shrink-0">
          <WatchControl target={{ kind: "category", id: category.id, name: category.name }} signedIn={viewer !== null} compact />
        </div>
      </header>
      {children.length ? (
        <nav aria-label={t("subcategoriesOf", { name: category.name })} data-testid="category-children">
          <ul className="flex flex-wrap gap-2">
            {children.map((k) => (
              <li key={k.id}>
                <Link
                  href={`/c/${k.slug ?? k.id}`}
                  className="inline-flex items-center gap-2 rounded-full border border-zinc-200 py-1 pr-3 pl-1 text-sm hover:border-sky-600 dark:border-zinc-800 dark:hover:border-sky-500"
                >
                  <CategoryIcon icon={k.icon} color={k.color} size="sm" />
                  {k.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tags.length ? (
        <section aria-labelledby="category-tags-heading" className="space-y-2" data-testid="category-tags">
          <h2 id="category-tags-heading" className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            {t("tagsHere")}
          </h2>
          <ul className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag.id}>
                <Link
                  href={`/t/${tag.id}`}
                  className="inline-flex items-center gap-1 rounded-md bg-zinc-100 px-2 py-0.5 text-sm text-zinc-800 hover:underline dark:bg-zinc-800 dark:text-zinc-200"
                >
                  #{tag.name}
                  <span className="text-zinc-600 tabular-nums dark:text-zinc-400">{tag.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PostBrowser basePath={`/c/${param}`} state={{ ...state, categoryId: null }} fixed={{ categoryId: category.id }} />
    </div>
  );
}
