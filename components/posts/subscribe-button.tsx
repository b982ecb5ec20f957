"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { usePost, usePostMutation } from "@/components/posts/use-post";

/** Subscribe to (or leave) a post's updates. */
export function SubscribeButton({ postId }: { postId: number }) {
  const t = useTranslations("Post");
  const { data: post } = usePost(postId);
  const toggle = usePostMutation(postId);
  if (!post) return null;
  const error = toggle.error ? (toggle.error instanceof Error ? toggle.error.message : t("failed")) : null;
  const on = post.subscribed;
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={on}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ kind: "subscribe", on: !on })}
      >
        <Icon name={on ? "bell" : "bell-off"} className="h-4 w-4" />
        {on ? t("subscribed") : t("subscribe")}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
