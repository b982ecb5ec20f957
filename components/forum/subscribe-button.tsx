"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { usePost, useSetPost } from "@/components/forum/use-post";
import { api } from "@/lib/api-client";

/** Subscribe to (or leave) a post's updates. */
export function SubscribeButton({ postId }: { postId: number }) {
  const { data: post } = usePost(postId);
  const setPost = useSetPost(postId);
  const toggle = useMutation({
    mutationFn: (next: boolean) => api.subscribe(postId, next),
    onSuccess: (_result, next) => setPost((p) => ({ ...p, subscribed: next })),
  });
  if (!post) return null;
  const error = toggle.error ? (toggle.error instanceof Error ? toggle.error.message : "Failed") : null;
  const on = post.subscribed;
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={on}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!on)}
      >
        <span aria-hidden="true">{on ? "🔔" : "🔕"}</span>
        {on ? "Subscribed" : "Subscribe"}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}
