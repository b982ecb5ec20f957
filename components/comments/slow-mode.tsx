"use client";

import { Timer } from "lucide-react";
import { useRouter } from "next/navigation";
import { usePostMutation } from "@/components/posts/use-post";

const CHOICES = [
  [0, "Off"],
  [30, "30 seconds"],
  [60, "1 minute"],
  [300, "5 minutes"],
  [900, "15 minutes"],
  [3600, "1 hour"],
] as const;

const label = (s: number) => CHOICES.find(([v]) => v === s)?.[1] ?? `${s} seconds`;

/** Slow mode on a post (issue 18): members see the wait; staff set it. */
export function SlowMode({ postId, seconds, canSet }: { postId: number; seconds: number; canSet: boolean }) {
  const router = useRouter();
  const change = usePostMutation(postId);
  const set = {
    isPending: change.isPending,
    error: change.error,
    mutate: (seconds: number) => change.mutate({ kind: "slow-mode", seconds }, { onSuccess: () => router.refresh() }),
  };
  if (!seconds && !canSet) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="slow-mode">
      <Timer aria-hidden="true" className="h-4 w-4" />
      {seconds ? <span>Slow mode: members wait {label(seconds)} between comments on this post.</span> : null}
      {canSet ? (
        <label className="flex items-center gap-1">
          <span className={seconds ? "sr-only" : ""}>Slow mode</span>
          <select
            aria-label="Slow mode"
            value={CHOICES.some(([v]) => v === seconds) ? seconds : ""}
            disabled={set.isPending}
            onChange={(e) => set.mutate(Number(e.target.value))}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {CHOICES.some(([v]) => v === seconds) ? null : <option value="">{label(seconds)}</option>}
            {CHOICES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {set.error ? (
        <span role="alert" className="text-red-700 dark:text-red-400">
          {set.error.message}
        </span>
      ) : null}
    </div>
  );
}
