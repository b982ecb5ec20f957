import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PostBrowser } from "@/components/posts/post-browser";
import { WatchControl } from "@/components/settings/watch-control";
import { pageReader } from "@/lib/cache/page-reader";
import { parseListState } from "@/components/posts/post-list-url";
import { getTag } from "@/lib/services/taxonomy/tags";
import { feedPath } from "@/lib/feeds";
import { listSeo, pageMetadata } from "@/lib/seo/metadata";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(idParam: string) {
  if (!/^\d{1,9}$/.test(idParam)) notFound();
  return getTag(Number(idParam)).catch(() => notFound());
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const tag = await load((await params).id);
  const feed = { kind: "tag", id: tag.id } as const;
  const t = await getTranslations("Tags");
  const list = listSeo(`/t/${tag.id}`, parseListState(await searchParams));
  const seo = await pageMetadata({ ...list, title: `#${tag.name}`, description: tag.description });
  return {
    ...seo,
    title: `#${tag.name}`,
    alternates: {
      ...seo.alternates,
      types: {
        "application/rss+xml": [{ url: feedPath(feed), title: t("feed", { name: tag.name }) }],
        "application/atom+xml": [{ url: feedPath(feed, "atom"), title: t("feedAtom", { name: tag.name }) }],
      },
    },
  };
}

export default async function TagPage({ params, searchParams }: Props) {
  const tag = await load((await params).id);
  const state = parseListState(await searchParams);
  // Only whether the page is read by members (the class of a shared render); the member's choice comes from the browser.
  const { viewer } = await pageReader();
  const t = await getTranslations("Tags");
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t("kicker")}</p>
          <h1 className="text-2xl font-semibold tracking-tight">#{tag.name}</h1>
          {tag.description ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">{tag.description}</p> : null}
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("publicPosts", { count: tag.count ?? 0 })}</p>
        </div>
        <div className="ml-auto shrink-0">
          <WatchControl target={{ kind: "tag", id: tag.id, name: tag.name }} signedIn={viewer !== null} compact />
        </div>
      </header>
      <PostBrowser
        basePath={`/t/${tag.id}`}
        state={{ ...state, tagIds: state.tagIds.filter((x) => x !== tag.id) }}
        fixed={{ tagId: tag.id }}
      />
    </div>
  );
}
