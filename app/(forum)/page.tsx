import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PostBrowser } from "@/components/posts/post-browser";
import { parseListState } from "@/components/posts/post-list-url";
import { feedPath } from "@/lib/feeds";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Home");
  return {
    title: { absolute: t("metaTitle") },
    alternates: {
      types: {
        "application/rss+xml": [
          { url: feedPath({ kind: "latest" }), title: t("feedLatest") },
          { url: feedPath({ kind: "featured" }), title: t("feedFeatured") },
        ],
        "application/atom+xml": [{ url: feedPath({ kind: "latest" }, "atom"), title: t("feedLatestAtom") }],
      },
    },
  };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  const state = parseListState(await searchParams);
  const t = await getTranslations("Home");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      <PostBrowser basePath="/" state={state} />
    </div>
  );
}
