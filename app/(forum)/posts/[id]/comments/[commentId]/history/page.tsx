import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { DiffView } from "@/components/history/diff-view";
import { Avatar } from "@/components/ui/avatar";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { pageViewer } from "@/lib/cache/page-reader";
import { getComment, listCommentChangeLogs } from "@/lib/services/comments/comments";
import { shownName } from "@/lib/deleted-member";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("History"))("commentMetaTitle") };
}

type Props = { params: Promise<{ id: string; commentId: string }> };

/** A comment's edits, each as a diff of the text before and after; 404 where the comment is not visible. */
export default async function CommentHistoryPage({ params }: Props) {
  const { id, commentId } = await params;
  if (!/^\d{1,9}$/.test(id) || !/^\d{1,9}$/.test(commentId)) notFound();
  const viewer = await pageViewer();
  let data;
  try {
    const comment = await getComment(viewer, { commentId: Number(commentId) });
    if (comment.postId !== Number(id) || comment.deleted) notFound();
    data = { comment, logs: await listCommentChangeLogs(viewer, { commentId: comment.id }) };
  } catch (e) {
    if (e instanceof AppError && statusOf(e) === 404) notFound();
    throw e;
  }
  const { comment, logs } = data;
  const edits = logs.filter((l) => l.type === "CONTENT").reverse();
  const t = await getTranslations("History");
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <header className="space-y-1">
        <nav aria-label={t("breadcrumb")} className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link href={`/posts/${id}#comment-${comment.id}`} className="hover:underline">
            {t("backToComment")}
          </Link>
        </nav>
        <h1 className="text-2xl font-bold tracking-tight">
          {t("commentHeading", { name: shownName(comment.author.username, (await getTranslations("Member"))("deleted")) })}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("commentSummary", { count: edits.length, time: () => <RelativeTime iso={comment.createdAt} /> })}
        </p>
      </header>
      <ol className="space-y-5" aria-label={t("editsLabel")}>
        {edits.map((l, i) => (
          <li key={l.id} className="space-y-2" data-testid="comment-edit">
            <p className="flex items-center gap-2 text-sm">
              <Avatar src={l.userAvatar} name={l.username} size={24} decorative />
              {t.rich("editedIt", {
                name: l.username,
                b: (chunks) => <strong>{chunks}</strong>,
                time: () => <RelativeTime iso={l.time} className="text-zinc-600 dark:text-zinc-400" />,
              })}
              <span className="text-zinc-600 dark:text-zinc-400">{t("versionSuffix", { n: edits.length - i })}</span>
            </p>
            <DiffView
              oldText={l.oldContent ?? ""}
              newText={l.newContent ?? ""}
              mode="inline"
              labels={[t("version", { n: edits.length - i - 1 }), t("version", { n: edits.length - i })]}
            />
          </li>
        ))}
      </ol>
      {edits.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("commentNeverEdited")}</p> : null}
    </div>
  );
}
