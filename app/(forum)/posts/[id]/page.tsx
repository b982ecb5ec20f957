import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { NameWithDisplay, UserLink } from "@/components/people/user-link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { Avatar } from "@/components/ui/avatar";
import { absoluteTime, RelativeTime } from "@/components/ui/relative-time";
import { CommentTree, type CommentView } from "@/components/comments/comment-tree";
import { SlowMode } from "@/components/comments/slow-mode";
import { LivePostUpdates } from "@/components/layout/live-events";
import { JumpToUnread } from "@/components/posts/unread-marks";
import { ShellPost } from "@/components/layout/shell-marks";
import { LotteryWidget } from "@/components/posts/lottery-widget";
import { PollWidget } from "@/components/posts/poll-widget";
import { PostBadges } from "@/components/posts/post-badges";
import { PostMenu } from "@/components/posts/post-menu";
import { PostReactions } from "@/components/reactions/post-reactions";
import { ReviewActions } from "@/components/moderation/review-actions";
import { FlagButton } from "@/components/moderation/flag-button";
import { SubscribeButton } from "@/components/posts/subscribe-button";
import { PostStatusNotice } from "@/components/posts/post-status-notice";
import { UnlessSuspended } from "@/components/layout/suspension-banner";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/api/errors";
import { markdownExcerpt } from "@/lib/markdown";
import { htmlOf, htmlOfOne } from "@/lib/services/content/stored-html";
import { pageViewClient } from "@/lib/api/page";
import { pageAccount, pageReader } from "@/lib/cache/page-reader";
import { postActionsOn } from "@/lib/services/posts/post-actions";
import { getPostDetail } from "@/lib/services/posts/detail";
import { postKeys } from "@/lib/client/query-keys";
import type { CommentDto, PostDto } from "@/lib/validation/responses";
import { JsonLd } from "@/components/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { breadcrumbs, discussionForumPosting, firstImage } from "@/lib/seo/structured-data";
import { postModifiedAt } from "@/lib/services/seo/sitemap";

type Props = { params: Promise<{ id: string }> };

/** One load per request, shared by the metadata and the page (and one counted view). */
const loadDetail = cache(async (idParam: string) => {
  if (!/^[1-9]\d{0,8}$/.test(idParam)) notFound();
  // Who the page is read as (lib/cache/page-reader.ts). The document members share is read as "some
  // member", and each member's own part (header, subscription, votes, view, read mark) comes from the
  // browser (ShellPost); the anonymous one is rendered for the visitor who asked, whose view counts.
  const { viewer, shared, readFrom } = await pageReader();
  const shell = shared && viewer !== null;
  const client = await pageViewClient();
  try {
    // A <Link> prefetch renders this page without showing it, so the render must not mark the post
    // read: MarkRead does, from the browser, once the page is shown.
    return {
      viewer,
      shell,
      detail: await getPostDetail(viewer, { id: Number(idParam), client, markRead: false, shared: shell, readFrom }),
    };
  } catch (e) {
    if (e instanceof AppError && (statusOf(e) === 404 || statusOf(e) === 400)) notFound();
    throw e;
  }
});

/** When the post's title or content last changed (its head's and JSON-LD's modified time), once per request. */
const loadModified = cache(async (id: number, createdAt: string) => (await postModifiedAt(id)) ?? createdAt);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { detail } = await loadDetail((await params).id);
  const seo = await pageMetadata({
    path: `/posts/${detail.id}`,
    title: detail.title,
    description: markdownExcerpt(detail.content, 160),
    image: firstImage(detail.content),
    type: "article",
    publishedTime: detail.createdAt,
    modifiedTime: await loadModified(detail.id, detail.createdAt),
    // Only what a visitor may read belongs in search results (members-only, private, unpublished do not).
    noindex: detail.status !== "PUBLISHED" || detail.visibleScope !== "ALL",
  });
  return { ...seo, title: detail.title };
}

/** The comments' stored HTML (lib/services/content/stored-html.ts: at most one query for the page). */
async function withHtml(list: CommentDto[]): Promise<CommentView[]> {
  const all: CommentDto[] = [];
  const walk = (cs: CommentDto[]) => cs.forEach((c) => (c.deleted ? null : all.push(c), walk(c.replies)));
  walk(list);
  const html = await htmlOf("comments", all);
  const view = (cs: CommentDto[]): CommentView[] =>
    cs.map((c) => ({ ...c, html: c.deleted ? "" : (html.get(c.id) ?? ""), replies: view(c.replies) }));
  return view(list);
}

export default async function PostPage({ params }: Props) {
  const { viewer, shell, detail } = await loadDetail((await params).id);
  const { comments, firstUnreadCommentId, readUpTo, ...post } = detail;
  // Only a page rendered for one signed-in member reads their account (a shared render may not: lib/cache/README.md).
  const me = post.lottery && viewer && !shell ? await pageAccount() : null;
  const [postHtml, commentViews] = await Promise.all([htmlOfOne("posts", post), withHtml(comments)]);
  const qc = new QueryClient();
  // A JSON copy: services may build records (poll votes) with a null prototype, which cannot cross
  // into client components.
  qc.setQueryData<PostDto>(postKeys.detail(post.id), JSON.parse(JSON.stringify(post)) as PostDto);

  const can = await postActionsOn(viewer, { authorId: post.author.id, closedByStaff: !!post.closedByStaff, categoryId: post.category.id });
  const rejected = post.status === "REJECTED";
  // A rejected post is read-only to its author (staff may still edit or approve it); they may still delete it.
  const open = !rejected || can.moderate;
  const t = await getTranslations("Post");
  const locale = (await getLocale()) === "zh-CN" ? "zh-CN" : "en";
  const perms = { edit: can.edit && open, close: can.close && open, pin: can.pin, feature: can.feature, delete: can.delete };
  const structured = [
    discussionForumPosting({
      post,
      comments,
      text: markdownExcerpt(post.content, 500),
      dateModified: await loadModified(post.id, post.createdAt),
      commentText: (md) => markdownExcerpt(md, 300),
    }),
    breadcrumbs([
      { name: t("home"), path: "/" },
      { name: post.category.name, path: `/c/${post.category.id}` },
      { name: post.title, path: `/posts/${post.id}` },
    ]),
  ];

  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="space-y-8">
        <JsonLd data={structured} />
        <article aria-labelledby="post-title" className="space-y-5">
          <header className="space-y-3">
            <nav aria-label={t("breadcrumb")} className="text-sm text-zinc-600 dark:text-zinc-400">
              <Link href="/" className="hover:underline">
                {t("home")}
              </Link>
              <span aria-hidden="true"> / </span>
              <Link href={`/c/${post.category.id}`} className="hover:underline">
                {post.category.name}
              </Link>
            </nav>
            <h1 id="post-title" className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">
              {post.title}
            </h1>
            <div className="flex flex-wrap items-center gap-1.5">
              <PostBadges post={post} />
              {post.tags.map((tag) => (
                <Link
                  key={tag.id}
                  href={`/t/${tag.id}`}
                  className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
                >
                  #{tag.name}
                </Link>
              ))}
            </div>
            <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
              <UserLink
                username={post.author.username}
                className="inline-flex items-center gap-2 font-medium text-zinc-900 hover:underline dark:text-zinc-100"
              >
                <Avatar src={post.author.avatar} name={post.author.username} size={28} decorative />
                <span data-testid="post-author">
                  <NameWithDisplay username={post.author.username} displayName={post.author.displayName} />
                </span>
              </UserLink>
              <RelativeTime iso={post.createdAt} />
              <span>{t("views", { count: post.views })}</span>
              <Link href={`/posts/${post.id}/history`} className="underline-offset-2 hover:underline">
                {t("history")}
              </Link>
              {post.staffEditedAt ? (
                <Link
                  href={`/posts/${post.id}/history`}
                  data-testid="staff-edited"
                  className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 hover:underline dark:bg-amber-950 dark:text-amber-200"
                  title={t("staffEditedTitle", { date: absoluteTime(post.staffEditedAt, locale) })}
                >
                  {t("staffEdited")}
                </Link>
              ) : null}
            </div>
            {/* Only its author and staff can open a post that is not published: this render is theirs alone. */}
            <PostStatusNotice post={post} own={viewer?.id === post.author.id}>
              {post.status === "PENDING" && can.review ? (
                <div data-testid="review-panel">
                  <ReviewActions postId={post.id} title={post.title} />
                </div>
              ) : null}
            </PostStatusNotice>
            <PostMenu postId={post.id} perms={perms} flags={{ closed: post.closed, pinned: !!post.pinnedAt, featured: post.featured }} />
          </header>

          <div
            className="markdown-body"
            data-testid="post-content"
            data-quote-source
            data-quote-author={post.author.username}
            data-quote-href={`/posts/${post.id}`}
            dangerouslySetInnerHTML={{ __html: postHtml }}
          />

          {post.poll ? <PollWidget postId={post.id} signedIn={!!viewer} /> : null}
          {post.lottery ? <LotteryWidget postId={post.id} me={shell ? "deferred" : me ? { id: me.id, point: me.point } : null} /> : null}

          <div className="flex flex-wrap items-start justify-between gap-3 border-y border-zinc-200 py-3 empty:hidden dark:border-zinc-800">
            <PostReactions postId={post.id} me={shell ? "deferred" : (viewer?.username ?? null)} />
            {viewer ? (
              <UnlessSuspended>
                <div className="flex flex-wrap items-start gap-1.5">
                  <SubscribeButton postId={post.id} />
                  {viewer.id !== post.author.id ? <FlagButton target={{ postId: post.id }} label={t("flagLabel")} /> : null}
                </div>
              </UnlessSuspended>
            ) : null}
          </div>
        </article>

        <SlowMode postId={post.id} seconds={post.slowModeSeconds} canSet={can.moderate} />
        <CommentTree
          postId={post.id}
          comments={commentViews}
          total={post.commentCount}
          viewer={shell ? "deferred" : viewer ? { id: viewer.id, username: viewer.username, moderator: can.moderate } : null}
          canPin={can.pinComment}
          closed={post.closed}
          closedByStaff={!!post.closedByStaff}
          rejected={rejected}
        />
        <LivePostUpdates postId={post.id} signedIn={!!viewer} />
        {shell ? (
          <ShellPost postId={post.id} upTo={readUpTo} />
        ) : viewer ? (
          <JumpToUnread postId={post.id} commentId={firstUnreadCommentId ?? null} upTo={readUpTo} />
        ) : null}
      </div>
    </HydrationBoundary>
  );
}
