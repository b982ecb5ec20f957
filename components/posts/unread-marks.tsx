"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useLiveEvent } from "@/components/layout/live-events";
import { usePostMutation } from "@/components/posts/use-post";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/client/api-client";

/**
 * "N new posts — show" above a list: counts posts created (and visible to this viewer, the server
 * filters) since the page was rendered; "show" re-renders the list.
 */
export function NewPostsBanner({ categoryId }: { categoryId?: number }) {
  const t = useTranslations("PostCard");
  const router = useRouter();
  const [ids, setIds] = useState<number[]>([]);
  const [pending, startTransition] = useTransition();
  useLiveEvent((e) => {
    if (e.type !== "post_created" || !e.postId) return;
    if (categoryId !== undefined && e.categoryId !== categoryId) return;
    const id = e.postId;
    setIds((list) => (list.includes(id) ? list : [...list, id]));
  });
  if (!ids.length) return <div role="status" aria-live="polite" className="sr-only" />;
  return (
    <div role="status" aria-live="polite">
      <button
        type="button"
        onClick={() =>
          startTransition(() => {
            router.refresh();
            setIds([]);
          })
        }
        disabled={pending}
        className="w-full rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm font-medium text-sky-800 hover:bg-sky-100 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-200 dark:hover:bg-sky-900/60"
        data-testid="new-posts-banner"
      >
        {t("newPosts", { count: ids.length })}
      </button>
    </div>
  );
}

/** "Mark all read": nothing counts as new or unread afterwards. */
export function MarkAllReadButton() {
  const t = useTranslations("PostCard");
  const router = useRouter();
  const m = useMutation({ mutationFn: api.markAllRead, onSuccess: () => router.refresh() });
  return (
    <button
      type="button"
      onClick={() => m.mutate()}
      disabled={m.isPending}
      className={buttonClass("secondary", "sm")}
      data-testid="mark-all-read"
    >
      <Icon name="check-check" className="h-4 w-4" />
      <span className="ml-1">{t("markAllRead")}</span>
    </button>
  );
}

/**
 * On opening a post: scrolls to the first comment posted since the last read (unless the URL has a
 * #fragment), then marks the post read (unless `markRead` is false: a shared page's page-state did).
 */
export function JumpToUnread({
  postId,
  commentId,
  markRead = true,
  upTo,
}: {
  postId: number;
  commentId: number | null;
  markRead?: boolean;
  /** The newest comment of the render: one posted after it (before this runs) stays new. */
  upTo?: number;
}) {
  const done = useRef(false);
  const { mutate } = usePostMutation(postId);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // POST /api/posts/{id}/read, from the browser once the page is shown (never by a prefetch's render).
    if (markRead) mutate({ kind: "mark-read", upTo });
    if (!commentId || window.location.hash) return;
    const el = document.getElementById(`comment-${commentId}`);
    if (!el) return;
    el.scrollIntoView({ block: "start" });
    el.setAttribute("data-first-unread", "true");
  }, [postId, commentId, markRead, upTo, mutate]);
  return null;
}
