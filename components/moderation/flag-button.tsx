"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { api, ApiClientError } from "@/lib/client/api-client";
import type { FlagReason } from "@/db/schema/enums";

// The reasons offered; each one's words are Flags.reasonChoice.<reason>.
const REASONS: FlagReason[] = ["SPAM", "INAPPROPRIATE", "OFF_TOPIC", "OTHER"];

type Target = { postId: number } | { commentId: number };

/** The flag mutation (POST /api/flags). */
export function useFlag() {
  return useMutation({ mutationFn: (v: Target & { reason: FlagReason; note?: string }) => api.flag(v) });
}

/** "Flag" on a post or a comment: a reason (and an optional note) sent to the staff queue. */
export function FlagButton({ target, label }: { target: Target; label: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason>("SPAM");
  const [note, setNote] = useState("");
  const flag = useFlag();
  const id = useId();
  const t = useTranslations("Flags");
  const already = flag.error instanceof ApiClientError && flag.error.status === 409;

  if (flag.isSuccess || already) {
    return (
      <span role="status" className="inline-flex items-center gap-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="flag-done">
        <Icon name="flag" className="h-4 w-4" />
        {already ? t("already") : t("thanks")}
      </span>
    );
  }
  return (
    <div className="inline-block">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-label={t("flagLabel", { label })}
        onClick={() => setOpen((o) => !o)}
        data-testid="flag-button"
      >
        <Icon name="flag" className="h-4 w-4" />
        {t("flag")}
      </Button>
      {open ? (
        <form
          className="mt-2 w-full max-w-sm space-y-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
          onSubmit={(e) => {
            e.preventDefault();
            flag.mutate({ ...target, reason, note: note.trim() || undefined });
          }}
        >
          <fieldset>
            <legend className="mb-1 font-medium">{t("why", { label })}</legend>
            {REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 py-0.5">
                <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                {t(`reasonChoice.${r}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-note`} className="block font-medium">
            {t("note")}
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex gap-1.5">
            <Button type="submit" size="sm" disabled={flag.isPending} data-testid="flag-submit">
              {t("send")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
          {flag.error && !already ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {flag.error.message}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
