import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { FlagQueue } from "@/components/moderation/flag-queue";
import { ReviewActions } from "@/components/moderation/review-actions";
import { moderationKeys } from "@/lib/client/query-keys";
import { listFlags } from "@/lib/services/moderation/flags";
import { markdownExcerpt } from "@/lib/markdown";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { listPendingPosts } from "@/lib/services/posts/list";
import { reviewQueueCounts } from "@/lib/services/moderation/moderation";
import { isModerator } from "@/lib/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Review");
  return { title: t("heading") };
}

const PAGE_SIZE = 20;

type Props = { searchParams: Promise<{ page?: string }> };

/**
 * Moderators and admins: posts awaiting review (publish mode REVIEW), oldest first, and the flags; a
 * member of a group moderating categories: those categories' share (issue 57); others get the 404 page.
 */
export default async function ReviewPage({ searchParams }: Props) {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/review");
  const raw = Number((await searchParams).page ?? 0);
  const page = Number.isInteger(raw) && raw >= 0 && raw < 100_000 ? raw : 0;
  const [pending, waiting, openFlags] = await orNotFound(
    Promise.all([
      listPendingPosts(viewer, { page, pageSize: PAGE_SIZE }),
      reviewQueueCounts(viewer),
      listFlags(viewer, { status: "open", page: 0, pageSize: 50 }),
    ]),
  );
  const total = waiting.posts;
  const t = await getTranslations("Review");
  const qc = new QueryClient();
  qc.setQueryData(moderationKeys.flags("open"), openFlags);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="review-waiting">
          {t("waiting", waiting)}
        </p>
      </div>

      <section aria-labelledby="flags-heading" className="space-y-3">
        <h2 id="flags-heading" className="text-lg font-semibold">
          {t("flags")}
        </h2>
        <HydrationBoundary state={dehydrate(qc)}>
          <FlagQueue admin={viewer.role === "ADMIN"} staff={isModerator(viewer)} />
        </HydrationBoundary>
      </section>

      <section aria-labelledby="pending-heading" className="space-y-3">
        <h2 id="pending-heading" className="text-lg font-semibold">
          {t("pending")}
        </h2>
        {pending.length === 0 ? (
          <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {t("noPending")}
          </p>
        ) : (
          <ul className="space-y-3" data-testid="pending-list">
            {pending.map((p) => (
              <li key={p.id} className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="pending-post">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
                  <span className="inline-flex items-center gap-1.5 font-medium text-zinc-900 dark:text-zinc-100">
                    <Avatar src={p.author.avatar} name={p.author.username} size={20} />
                    {p.author.username}
                  </span>
                  <span>{t("inCategory", { category: p.category.name })}</span>
                  <RelativeTime iso={p.createdAt} />
                </div>
                <h3 className="text-base font-semibold">
                  <Link href={`/posts/${p.id}`} className="hover:underline">
                    {p.title}
                  </Link>
                </h3>
                <p className="line-clamp-3 text-sm break-words text-zinc-700 dark:text-zinc-300">{markdownExcerpt(p.content, 280)}</p>
                <ReviewActions postId={p.id} title={p.title} />
              </li>
            ))}
          </ul>
        )}
        {total > PAGE_SIZE ? (
          <nav aria-label={t("pages")} className="flex justify-between text-sm">
            {page > 0 ? (
              <Link href={`/review?page=${page - 1}`} className="text-sky-700 underline dark:text-sky-400">
                {t("previous")}
              </Link>
            ) : (
              <span />
            )}
            {(page + 1) * PAGE_SIZE < total ? (
              <Link href={`/review?page=${page + 1}`} className="text-sky-700 underline dark:text-sky-400">
                {t("next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
