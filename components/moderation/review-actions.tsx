"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePostMutation } from "@/components/posts/use-post";

type Review = { approve: boolean; reason?: string };

/**
 * Approve / Reject of a post awaiting review (queue rows and the post page). Reject opens a reason
 * field; the reason goes to the author with the POST_REVIEWED notification.
 */
export function ReviewActions({ postId, title, compact = false }: { postId: number; title: string; compact?: boolean }) {
  const router = useRouter();
  const review = usePostMutation(postId);
  const [refreshing, startTransition] = useTransition();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const busy = review.isPending || refreshing;
  const t = useTranslations("Review");

  const submit = (r: Review) =>
    review.mutate(
      { kind: "review", ...r },
      {
        onSuccess: () => {
          setRejecting(false);
          startTransition(() => router.refresh());
        },
      },
    );

  return (
    <div role="group" aria-label={t("groupLabel", { title })} className="space-y-2" aria-busy={busy}>
      <div className="flex flex-wrap items-center gap-1.5">
        <Button size="sm" disabled={busy} onClick={() => submit({ approve: true })} data-testid="approve-post">
          <Check aria-hidden="true" className="h-4 w-4" />
          {t("approve")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-expanded={rejecting}
          onClick={() => setRejecting((v) => !v)}
          data-testid="reject-post"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {compact ? t("reject") : t("rejectMore")}
        </Button>
      </div>
      {rejecting ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit({ approve: false, reason: reason.trim() || undefined });
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium">
            {t("reason")}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={1000}
            rows={2}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex gap-1.5">
            <Button type="submit" size="sm" variant="danger" disabled={busy} data-testid="confirm-reject">
              {t("rejectPost")}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : null}
      {review.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {review.error.message}
        </p>
      ) : null}
    </div>
  );
}
