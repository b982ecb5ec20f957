"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

/** Pieces the admin pages share: the "new …" box, form buttons, the error line, the list frame. */

export function NewItemSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id={id} className="flex items-center gap-1.5 font-semibold">
        <Plus aria-hidden="true" className="h-4 w-4" /> {title}
      </h2>
      {children}
    </section>
  );
}

export function FormActions({
  submitLabel,
  busy,
  onCancel,
  className = "flex gap-2",
}: {
  submitLabel: string;
  busy: boolean;
  onCancel?: () => void;
  className?: string;
}) {
  const t = useTranslations("AdminContent");
  return (
    <div className={className}>
      <Button type="submit" size="md" disabled={busy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="secondary" size="md" onClick={onCancel} disabled={busy}>
          {t("cancel")}
        </Button>
      ) : null}
    </div>
  );
}

/** A bordered list of rows (categories, tags, goods). */
export function AdminList({ label, ordered = false, children }: { label: string; ordered?: boolean; children: ReactNode }) {
  const className =
    "divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/40";
  return ordered ? (
    <ol className={className} aria-label={label}>
      {children}
    </ol>
  ) : (
    <ul className={className} aria-label={label}>
      {children}
    </ul>
  );
}

/** A row's name and its line of details; it takes the row's width and lets the buttons wrap below on a phone. */
export function RowText({ title, detail }: { title: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0 grow basis-56">
      <p className="flex flex-wrap items-center gap-2 font-medium">{title}</p>
      <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{detail}</p>
    </div>
  );
}

/** Name and description of a category or tag: the create form and the in-place edit. */
export function NameForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
  newLabel,
}: {
  initial?: { name: string; description: string };
  submitLabel: string;
  onSubmit: (v: { name: string; description: string }) => void;
  onCancel?: () => void;
  busy: boolean;
  /** The form's name when it creates ("New category"); editing, it is named after the item. */
  newLabel: string;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const t = useTranslations("AdminContent");
  return (
    <form
      className="grid gap-2 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
      aria-label={initial ? t("editName", { name: initial.name }) : newLabel}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name: name.trim(), description: description.trim() });
      }}
    >
      <Field id={`${id}-name`} label={t("name")}>
        <input id={`${id}-name`} required maxLength={64} value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
      </Field>
      <Field id={`${id}-desc`} label={t("description")}>
        <input
          id={`${id}-desc`}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
        />
      </Field>
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/**
 * A settings form's save button, its "saved" line (shown once saved and unchanged since) and the error
 * of the last change.
 */
export function SaveBar({
  label,
  savedLabel,
  busy,
  dirty,
  saved,
  error,
}: {
  label: string;
  savedLabel: string;
  busy: boolean;
  dirty: boolean;
  saved: boolean;
  error: Error | null;
}) {
  return (
    <>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy || !dirty}>
          {label}
        </Button>
        {saved && !dirty ? (
          <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {savedLabel}
          </span>
        ) : null}
      </div>
      <ChangeError error={error} />
    </>
  );
}

/** The error of the last admin change, if any. */
export function ChangeError({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {error.message}
    </p>
  ) : null;
}
