"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button, buttonClass } from "@/components/ui/button";
import { api } from "@/lib/api-client";
import { postKeys } from "@/lib/query-keys";

export type PostPerms = { edit: boolean; close: boolean; pin: boolean; feature: boolean; delete: boolean };
type Flags = { closed: boolean; pinned: boolean; featured: boolean };

/** The author/moderator actions of a post. After each one the server-rendered page is refreshed. */
export function PostMenu({ postId, perms, flags }: { postId: number; perms: PostPerms; flags: Flags }) {
  const router = useRouter();
  const qc = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function run(fn: () => Promise<unknown>, after?: () => void) {
    setError(null);
    try {
      await fn();
      await qc.invalidateQueries({ queryKey: postKeys.lists() });
      if (after) after();
      else startTransition(() => router.refresh());
    } catch (e) {
      setError(e instanceof Error ? e.message : "Action failed");
    }
  }

  if (!Object.values(perms).some(Boolean)) return null;
  return (
    <div role="group" aria-label="Post actions" className="flex flex-wrap items-center gap-1.5" aria-busy={pending}>
      {perms.edit ? (
        <Link href={`/posts/${postId}/edit`} className={buttonClass("secondary", "sm")}>
          Edit
        </Link>
      ) : null}
      {perms.close ? (
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => run(() => api.postAction(postId, flags.closed ? "reopen" : "close"))}>
          {flags.closed ? "Reopen" : "Close"}
        </Button>
      ) : null}
      {perms.pin ? (
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => run(() => api.postAction(postId, flags.pinned ? "unpin" : "pin"))}>
          {flags.pinned ? "Unpin" : "Pin"}
        </Button>
      ) : null}
      {perms.feature ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => run(() => api.postAction(postId, flags.featured ? "unfeature" : "feature"))}
        >
          {flags.featured ? "Unfeature" : "Feature"}
        </Button>
      ) : null}
      {perms.delete ? (
        <Button
          variant="danger"
          size="sm"
          disabled={pending}
          onClick={() => {
            if (!window.confirm("Delete this post? This cannot be undone.")) return;
            void run(
              () => api.deletePost(postId),
              () => {
                router.push("/");
                router.refresh();
              },
            );
          }}
        >
          Delete
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
