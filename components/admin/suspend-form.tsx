"use client";

import { useId, useState } from "react";
import { Ban } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, inputClass } from "@/components/ui/field";

const DURATIONS = [
  { days: 1, label: "1 day" },
  { days: 3, label: "3 days" },
  { days: 7, label: "1 week" },
  { days: 14, label: "2 weeks" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
] as const;

export type SuspendRequest = { length: { days: number }; reason: string };

/**
 * Suspend a member: the reason they will read and how long, then the app's inline confirmation
 * (ConfirmButton). `reason` prefills the field (from a flag: its reason and note).
 */
export function SuspendForm({
  username,
  reason: initialReason = "",
  busy,
  error,
  onSuspend,
  onCancel,
}: {
  username: string;
  reason?: string;
  busy: boolean;
  error: Error | null;
  onSuspend: (r: SuspendRequest) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(initialReason);
  const [days, setDays] = useState(7);
  const span = DURATIONS.find((d) => d.days === days)?.label ?? `${days} days`;
  return (
    <form
      aria-label={`Suspend ${username}`}
      className="space-y-3"
      // The suspension is sent by the confirmation's button only.
      onSubmit={(e) => e.preventDefault()}
    >
      <Field id={`${id}-reason`} label="Reason (the member sees it)">
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
      <Field id={`${id}-days`} label="For">
        <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))} className={`${inputClass} sm:w-48`}>
          {DURATIONS.map((d) => (
            <option key={d.days} value={d.days}>
              {d.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          variant="danger"
          disabled={busy || !reason.trim()}
          message={
            <>
              {username} will be able to read but not post, comment or react for <strong>{span}</strong>, and will see the reason: “
              {reason.trim()}”.
            </>
          }
          confirmLabel={busy ? "Suspending…" : `Suspend for ${span}`}
          onConfirm={() => onSuspend({ length: { days }, reason: reason.trim() })}
        >
          <Ban aria-hidden="true" className="h-4 w-4" />
          Suspend…
        </ConfirmButton>
        {onCancel ? (
          <Button type="button" size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
            Close
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
