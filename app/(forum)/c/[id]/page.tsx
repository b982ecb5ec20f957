import { Icon } from "@/components/ui/icon";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PostBrowser } from "@/components/posts/post-browser";
import { WatchControl } from "@/components/settings/watch-control";
import { pageReader } from "@/lib/cache/page-reader";
import { parseListState } from "@/components/posts/post-list-url";
import { getCategory } from "@/lib/services/taxonomy/categories";
import { feedPath } from "@/lib/feeds";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(idParam: string) {
  if (!/^\d{1,9}$/.test(idParam)) notFound();
  return getCategory(Number(idParam)).catch(() => notFound());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const c = await load((await params).id);
  const feed = { kind: "category", id: c.id } as const;
  const t = await getTranslations("Categories");
  return {
    title: c.name,
    description: c.description,
    alternates: {
      types: {
        "application/rss+xml": [{ url: feedPath(feed), title: t("feed", { name: c.name }) }],
        "application/atom+xml": [{ url: feedPath(feed, "atom"), title: t("feedAtom", { name: c.name }) }],
      },
    },
  };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await load((await params).id);
  const state = parseListState(await searchParams);
  // Only whether the page is read by members (the class of a shared render); the member's choice comes from the browser.
  const { viewer } = await pageReader();
  const t = await getTranslations("Categories");
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start gap-3">
        <span className="rounded-lg bg-sky-50 p-2 text-sky-700 dark:bg-sky-950 dark:text-sky-300" aria-hidden="true">
          <Icon name="folder" className="h-6 w-6" />
        </span>
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t("kicker")}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{category.name}</h1>
          {category.description ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">{category.description}</p> : null}
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("publicPosts", { count: category.count ?? 0 })}</p>
        </div>
        <div className="ml-auto shrink-0">
          <WatchControl target={{ kind: "category", id: category.id, name: category.name }} signedIn={viewer !== null} compact />
        </div>
      </header>
      <PostBrowser basePath={`/c/${category.id}`} state={{ ...state, categoryId: null }} fixed={{ categoryId: category.id }} />
    </div>
  );
}
