"use client";

import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api, type EmailMode, type EmailPrefs } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";

/** Each mode's label and hint are in the catalogs (SettingsEmail.mode.<mode>). */
const MODES: EmailMode[] = ["immediate", "daily", "weekly", "off"];

/** GET/PUT /api/notifications/email-prefs as a radio group; a choice is saved at once. */
export function EmailPrefsForm() {
  const t = useTranslations("SettingsEmail");
  const id = useId();
  const qc = useQueryClient();
  const prefs = useQuery({ queryKey: notificationKeys.emailPrefs(), queryFn: api.emailPrefs });
  const save = useMutation({
    mutationFn: (mode: EmailMode) => api.updateEmailPrefs(mode),
    onMutate: async (mode) => {
      await qc.cancelQueries({ queryKey: notificationKeys.emailPrefs() });
      qc.setQueryData<EmailPrefs>(notificationKeys.emailPrefs(), (old) => (old ? { ...old, mode } : old));
    },
    onSuccess: (p) => qc.setQueryData(notificationKeys.emailPrefs(), p),
    onError: () => void qc.invalidateQueries({ queryKey: notificationKeys.emailPrefs() }),
  });
  const away = prefs.data?.awayMinutes ?? 10;

  return (
    <fieldset className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="email-prefs">
      <legend className="px-1 text-sm font-semibold">{t("legend")}</legend>
      {prefs.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("loadError")}
        </p>
      ) : null}
      <div className="mt-2 space-y-3">
        {MODES.map((mode) => ({ mode, label: t(`mode.${mode}.label`), hint: t(`mode.${mode}.hint`, { away }) })).map((m) => (
          <div key={m.mode} className="flex items-start gap-3">
            <input
              id={`${id}-${m.mode}`}
              type="radio"
              name="email-mode"
              value={m.mode}
              checked={prefs.data?.mode === m.mode}
              onChange={() => save.mutate(m.mode)}
              aria-describedby={`${id}-${m.mode}-hint`}
              className="mt-1 h-4 w-4 accent-sky-700"
            />
            <div>
              <label htmlFor={`${id}-${m.mode}`} className="text-sm font-medium">
                {m.label}
              </label>
              <p id={`${id}-${m.mode}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
                {m.hint}
              </p>
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
        {save.isPending ? t("saving") : save.isError ? t("saveError") : save.isSuccess ? t("saved") : t("unsubscribeNote")}
      </p>
    </fieldset>
  );
}
