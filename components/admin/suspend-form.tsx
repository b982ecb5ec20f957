"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Ban } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, inputClass } from "@/components/ui/field";

// The lengths offered; each one's words are Suspend.length.<days>.
const DURATIONS = [1, 3, 7, 14, 30, 90, 365] as const;

export type SuspendRequest = { length: { days: number }; reason: string };

/**
 * Suspend a member: the reason they will read and how long, then the app's inline confirmation
 * (ConfirmButton). The reason starts empty; `templates` are staff-written reasons offered to fill it
 * with one click (from a flag: its category and what was flagged, never a flagger's note).
 */
export function SuspendForm({
  username,
  templates = [],
  busy,
  error,
  onSuspend,
  onCancel,
}: {
  username: string;
  templates?: string[];
  busy: boolean;
  error: Error | null;
  onSuspend: (r: SuspendRequest) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(7);
  const t = useTranslations("Suspend");
  const span = (DURATIONS as readonly number[]).includes(days) ? t(`length.${days}`) : t("days", { days });
  return (
    <form
      aria-label={t("formLabel", { username })}
      className="space-y-3"
      // The suspension is sent by the confirmation's button only.
      onSubmit={(e) => e.preventDefault()}
    >
      <Field id={`${id}-reason`} label={t("reason")}>
        <textarea
          id={`${id}-reason`}
          required
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={inputClass}
        />
      </Field>
      {templates.length ? (
        <div role="group" aria-label={t("templates")} className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">{t("templates")}</span>
          {templates.map((text) => (
            <Button key={text} type="button" size="sm" variant="ghost" onClick={() => setReason(text)} data-testid="reason-template">
              {text}
            </Button>
          ))}
        </div>
      ) : null}
      <Field id={`${id}-days`} label={t("for")}>
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))} className={`${inputClass} sm:w-48`}>
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {t(`length.${d}`)}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          variant="danger"
          disabled={busy || !reason.trim()}
          message={<>{t.rich("confirmMessage", { username, span, reason: reason.trim(), strong: (c) => <strong>{c}</strong> })}</>}
          confirmLabel={busy ? t("suspending") : t("suspendFor", { span })}
          onConfirm={() => onSuspend({ length: { days }, reason: reason.trim() })}
        >
          <Ban aria-hidden="true" className="h-4 w-4" />
          {t("suspend")}
        </ConfirmButton>
        {onCancel ? (
          <Button type="button" size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
            {t("close")}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
