"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PostCard } from "@/components/posts/post-card";
import type { PostCardData } from "@/components/posts/post-card-data";
import { SignInLink } from "@/components/layout/sign-in-link";
import { ClientNav } from "@/components/ui/client-nav";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { avatarUnlessDefault } from "@/lib/avatar-url";
import { api, ApiClientError } from "@/lib/client/api-client";
import { socialKeys } from "@/lib/client/query-keys";
import type { PostDto } from "@/lib/validation/responses";

export const FOLLOWING_PAGE_SIZE = 20;

/** Markdown to a line of plain text for a row (the server's excerpt renders markdown; this list is the browser's). */
function plainExcerpt(md: string, max = 140): string {
  const text = md
    .replace(/```[\s\S]*?```/g, " [code] ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`~|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function toCard(p: PostDto): PostCardData {
  return {
    id: p.id,
    title: p.title,
    excerpt: plainExcerpt(p.content),
    createdAt: p.createdAt,
    commentCount: p.commentCount,
    views: p.views,
    ...(p.lastReplyAt && p.commentCount > 0 ? { lastReplyAt: p.lastReplyAt } : {}),
    ...(p.closed ? { closed: true } : {}),
    ...(p.featured ? { featured: true } : {}),
    ...(p.visibleScope !== "ALL" ? { visibleScope: p.visibleScope } : {}),
    ...(p.type !== "NORMAL" ? { type: p.type } : {}),
    ...(p.isNew ? { isNew: true } : {}),
    ...(p.newComments ? { newComments: p.newComments } : {}),
    author: { username: p.author.username, ...avatarUnlessDefault(p.author.username, p.author.avatar) },
    category: { id: p.category.id, name: p.category.name },
    tags: p.tags.map((t) => ({ id: t.id, name: t.name })),
    participants: p.participants.map((u) => ({ username: u.username, ...avatarUnlessDefault(u.username, u.avatar) })),
  };
}

const box = "rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400";

/**
 * The home page's Following tab: the newest posts of the members the reader follows. The page around it
 * is shared by every reader (lib/cache/README.md), so the list is the browser's own request
 * (GET /api/posts/following), never part of the shared document.
 */
export function FollowingFeed({ page }: { page: number }) {
  const t = useTranslations("Following");
  const tl = useTranslations("PostList");
  const feed = useQuery({
    queryKey: socialKeys.followingPosts(page),
    queryFn: () => api.followingPosts(page, FOLLOWING_PAGE_SIZE),
    retry: (n, e) => !(e instanceof ApiClientError && e.status === 401) && n < 2,
  });
  if (feed.isPending)
    return (
      <p className={box} role="status">
        {t("loading")}
      </p>
    );
  if (feed.isError) {
    if (feed.error instanceof ApiClientError && feed.error.status === 401)
      return (
        <div className={box} data-testid="following-signed-out">
          <p>{t("signIn")}</p>
          <SignInLink className={buttonClass("primary", "sm", "mt-3")} />
        </div>
      );
    return (
      <p className={box} role="alert">
        {t("loadFailed")}{" "}
        <button type="button" className="underline" onClick={() => void feed.refetch()}>
          {t("retry")}
        </button>
      </p>
    );
  }
  const posts = feed.data;
  if (!posts.length)
    return (
      <p className={box} data-testid="following-empty">
        {page > 0 ? t("noMore") : t("empty")}
      </p>
    );
  const hasMore = posts.length === FOLLOWING_PAGE_SIZE;
  const here = (p: number) => (p ? `/?tab=following&page=${p}` : "/?tab=following");
  return (
    <div className="space-y-4">
      <ClientNav
        className="overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/40"
        data-testid="following-list"
      >
        {posts.map((p) => (
          <PostCard key={p.id} post={toCard(p)} />
        ))}
      </ClientNav>
      {page > 0 || hasMore ? (
        <nav aria-label={tl("pagination")} className="flex items-center justify-between">
          {page > 0 ? (
            <Link href={here(page - 1)} rel="prev" className={buttonClass("secondary", "sm")}>
              {tl("newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-zinc-600 dark:text-zinc-400">{tl("page", { page: page + 1 })}</span>
          {hasMore ? (
            <Link href={here(page + 1)} rel="next" className={buttonClass("secondary", "sm")}>
              {tl("older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
