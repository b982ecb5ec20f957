"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { usePost, useSetPost } from "@/components/forum/use-post";
import { api } from "@/lib/api-client";

/** Subscribe to (or leave) a post's updates. */
export function SubscribeButton({ postId }: { postId: number }) {
  const { data: post } = usePost(postId);
  const setPost = useSetPost(postId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!post) return null;
  const on = post.subscribed;
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={on}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await api.subscribe(postId, !on);
            setPost((p) => ({ ...p, subscribed: !on }));
          } catch (e) {
            setError(e instanceof Error ? e.message : "Failed");
          } finally {
            setBusy(false);
          }
        }}
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
