import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PostBrowser } from "@/components/posts/post-browser";
import { parseListState } from "@/components/posts/post-list-url";
import { feedPath } from "@/lib/feeds";
import { listSeo, pageMetadata } from "@/lib/seo/metadata";
import { siteTexts } from "@/lib/site-texts";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [t, site] = await Promise.all([getTranslations("Home"), siteTexts()]);
  // The site's own name (issue 61): an admin's, else SITE_NAME or the catalog's.
  const title = t("metaTitle", { site: site.name });
  const seo = await pageMetadata({ ...listSeo("/", parseListState(await searchParams)), title });
  return {
    ...seo,
    title: { absolute: title },
    alternates: {
      ...seo.alternates,
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
