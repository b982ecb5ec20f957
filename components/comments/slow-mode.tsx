"use client";

import { Timer } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { usePostMutation } from "@/components/posts/use-post";

const CHOICES = [0, 30, 60, 300, 900, 3600] as const;

/** Slow mode on a post: members see the wait; staff set it. */
export function SlowMode({ postId, seconds, canSet }: { postId: number; seconds: number; canSet: boolean }) {
  const t = useTranslations("SlowMode");
  // "Off", "30 seconds", "1 minute", "1 hour"… in the page's language.
  const label = (s: number) =>
    !s
      ? t("off")
      : s % 3600 === 0
        ? t("hours", { count: s / 3600 })
        : s % 60 === 0
          ? t("minutes", { count: s / 60 })
          : t("seconds", { count: s });
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
      {seconds ? <span>{t("notice", { wait: label(seconds) })}</span> : null}
      {canSet ? (
        <label className="flex items-center gap-1">
          <span className={seconds ? "sr-only" : ""}>{t("label")}</span>
          <select
            aria-label={t("label")}
            value={CHOICES.some((v) => v === seconds) ? seconds : ""}
            disabled={set.isPending}
            onChange={(e) => set.mutate(Number(e.target.value))}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {CHOICES.some((v) => v === seconds) ? null : <option value="">{label(seconds)}</option>}
            {CHOICES.map((v) => (
              <option key={v} value={v}>
                {label(v)}
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
