"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { UserLink } from "@/components/people/user-link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { PostBadges } from "@/components/posts/post-badges";
import type { PostCardData } from "@/components/posts/post-card-data";
import { useRowMarks } from "@/components/layout/shell-marks";
import { defaultAvatar } from "@/lib/avatar-url";
import { useShownName } from "@/components/people/member-name";
import { isDeletedName } from "@/lib/deleted-member";

/**
 * One row of a post list: title, badges, excerpt, category, tags, participants, counts and times.
 * A client component on purpose: its props (`toPostCard`) are the row's only copy in the RSC payload,
 * where a server-rendered row would repeat all of its markup. Its links are plain anchors: the list
 * around the rows (ClientNav) makes them navigate in the app.
 */
export function PostCard({ post }: { post: PostCardData }) {
  const t = useTranslations("PostCard");
  const marks = useRowMarks(post.id, post);
  const shown = useShownName();
  // A post in a category or tag the member muted, on their home list (ShellMarks).
  if (marks.muted) return null;
  return (
    <article className="post-card" data-testid="post-card">
      {isDeletedName(post.author.username) ? (
        <span className="hidden shrink-0 sm:block">
          <Avatar src={post.author.avatar || defaultAvatar(post.author.username)} name={shown(post.author.username)} size={40} decorative />
        </span>
      ) : (
        <a
          href={`/u/${encodeURIComponent(post.author.username)}`}
          className="hidden shrink-0 sm:block"
          aria-label={t("author", { name: post.author.username })}
        >
          <Avatar src={post.author.avatar ?? defaultAvatar(post.author.username)} name={post.author.username} size={40} decorative />
        </a>
      )}
      <div className="pc-main">
        <div className="pc-head">
          <h2>
            <a href={`/posts/${post.id}`} className="pc-title">
              {post.title}
            </a>
          </h2>
          <PostBadges post={post} />
          {marks.isNew ? (
            <span
              className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white"
              title={t("newTitle")}
              data-testid="post-new"
            >
              {t("new")}
            </span>
          ) : null}
          {marks.newComments ? (
            <a
              href={`/posts/${post.id}`}
              className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 hover:bg-sky-200 dark:bg-sky-900/70 dark:text-sky-100"
              title={t("unreadTitle")}
              data-testid="post-unread"
            >
              {t("unread", { count: marks.newComments })}
            </a>
          ) : null}
        </div>
        {post.status === "PENDING" ? (
          // Only its author and staff see a row of a post that is not published (their own profile).
          <p className="mt-1 text-sm text-amber-800 dark:text-amber-300" data-testid="post-card-status">
            {t("pending")}
          </p>
        ) : post.status === "REJECTED" ? (
          <p className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="post-card-status">
            {post.rejectedReason ? t("rejectedWithReason", { reason: post.rejectedReason }) : t("rejected")}
          </p>
        ) : null}
        {post.excerpt ? <p className="pc-excerpt">{post.excerpt}</p> : null}
        <div className="pc-meta">
          <a href={`/c/${post.category.id}`} className="pc-category">
            <Icon name="folder" className="mr-0.5" />
            {post.category.name}
          </a>
          {post.tags.length ? (
            <ul className="pc-tags" aria-label={t("tags")}>
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  <a href={`/t/${tag.id}`} className="tag-chip">
                    {`#${tag.name}`}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <span>
            {t.rich("byline", {
              user: () => (
                <UserLink username={post.author.username} displayName={post.author.displayName} className="hover:underline" plain />
              ),
              time: () => <RelativeTime iso={post.createdAt} />,
            })}
          </span>
          {post.lastReplyAt ? <span>{t.rich("lastReply", { time: () => <RelativeTime iso={post.lastReplyAt!} /> })}</span> : null}
        </div>
      </div>
      <div className="pc-side">
        <ul className="pc-people" aria-label={t("participants")}>
          {post.participants.map((u) => (
            <li key={u.username}>
              <Avatar src={u.avatar ?? defaultAvatar(u.username)} name={shown(u.username)} size={24} />
            </li>
          ))}
        </ul>
        <div className="pc-meta">
          <span title={t("comments", { count: post.commentCount })}>
            <Icon name="message-square" />
            {` ${post.commentCount}`}
            <span className="sr-only">{t("commentsSr")}</span>
          </span>
          <span title={t("views", { count: post.views })}>
            <Icon name="eye" />
            {` ${post.views}`}
            <span className="sr-only">{t("viewsSr")}</span>
          </span>
        </div>
      </div>
    </article>
  );
}
