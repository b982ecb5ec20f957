import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { HistoryView } from "@/components/history/history-view";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { pageViewer } from "@/lib/cache/page-reader";
import { postActionsFor } from "@/lib/services/posts/post-actions";
import { postKeys } from "@/lib/client/query-keys";
import { listChangeLogs } from "@/lib/services/posts/change-logs";
import { loadPost } from "@/lib/services/posts/loader";
import { renderManyAsync } from "@/lib/markdown";
import { fieldVersions } from "@/lib/edit-history";
import { versionKey } from "@/components/history/version-key";

type Props = { params: Promise<{ id: string }> };

/** The post (without counting a view) and its change log; 404 when unknown or hidden from the viewer. */
const load = cache(async (idParam: string) => {
  if (!/^\d{1,9}$/.test(idParam)) notFound();
  const viewer = await pageViewer();
  const post = await loadPost(viewer, { id: Number(idParam) });
  if (!post) notFound();
  try {
    return { viewer, post, logs: await listChangeLogs(viewer, { postId: post.id }) };
  } catch (e) {
    if (e instanceof AppError && statusOf(e) === 404) notFound();
    throw e;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { post } = await load((await params).id);
  return { title: (await getTranslations("History"))("metaTitle", { title: post.title }) };
}

export default async function PostHistoryPage({ params }: Props) {
  const { viewer, post, logs } = await load((await params).id);
  const t = await getTranslations("History");
  const qc = new QueryClient();
  qc.setQueryData(postKeys.changeLogs(post.id), logs);
  // Every content version rendered as the post is, for the history's "Rendered" view: awaited from the
  // render workers (the server's thread answers others meanwhile), each distinct text once.
  const texts = [...new Set(fieldVersions(logs, "content", post.content).map((v) => v.text))];
  const htmls = await renderManyAsync(texts);
  const rendered: Record<string, string> = {};
  texts.forEach((text, i) => (rendered[versionKey(text)] = htmls[i]!));
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="space-y-6">
        <header className="space-y-1">
          <nav aria-label={t("breadcrumb")} className="text-sm text-zinc-600 dark:text-zinc-400">
            <Link href={`/posts/${post.id}`} className="hover:underline">
              {t("backToPost")}
            </Link>
          </nav>
          <h1 className="text-2xl font-bold tracking-tight">
            {t.rich("heading", {
              link: () => (
                <Link href={`/posts/${post.id}`} className="hover:underline">
                  “{post.title}”
                </Link>
              ),
            })}
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("summary", { count: logs.length })}</p>
        </header>
        <HistoryView
          postId={post.id}
          current={{ title: post.title, content: post.content, category: post.category, tags: post.tags }}
          origin={{ time: post.createdAt, username: post.author.username, avatar: post.author.avatar }}
          canRestore={postActionsFor(viewer, { authorId: post.author.id }).edit}
          rendered={rendered}
        />
      </div>
    </HydrationBoundary>
  );
}
