"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SaveBar } from "@/components/admin/admin-kit";
import { Field, inputClass } from "@/components/ui/field";
import { api } from "@/lib/client/api-client";
import type { SpamSettings } from "@/lib/validation/spam";
import { useSpamMutation } from "./use-spam";

const NUMBERS = [
  ["newMemberMaxLinks", 0, 100],
  ["newMemberMaxImages", 0, 100],
  ["newMemberMaxMentions", 0, 100],
  ["newMemberCooldownSeconds", 0, 86400],
  ["newMemberReviewPosts", 0, 100],
  ["spamFlagSilenceThreshold", 0, 100],
  ["linkBurstLimit", 0, 1000],
  ["linkBurstMinutes", 1, 1440],
  ["signupMinFillSeconds", 0, 600],
] as const;
const BOOLEANS = ["newMemberProfileLinks", "blockDisposableEmails"] as const;

/** /admin/settings: the new-member limits and the automatic defence (PUT /api/admin/config, issue 58). */
export function NewMemberSettings({ settings }: { settings: SpamSettings }) {
  const id = useId();
  const t = useTranslations("Spam");
  const [form, setForm] = useState<SpamSettings>(settings);
  const [saved, setSaved] = useState(false);
  const save = useSpamMutation((body: Partial<SpamSettings>) => api.updateSiteConfig(body));
  const dirty = (Object.keys(form) as (keyof SpamSettings)[]).some((k) => form[k] !== settings[k]);
  return (
    <form
      aria-labelledby={`${id}-h`}
      className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate(form, { onSuccess: () => setSaved(true) });
      }}
    >
      <div>
        <h2 id={`${id}-h`} className="font-semibold">
          {t("settings.title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("settings.intro")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {NUMBERS.map(([key, min, max]) => (
          <Field key={key} id={`${id}-${key}`} label={t(`settings.${key}`)} hint={t(`settings.${key}Hint`)}>
            <input
              id={`${id}-${key}`}
              type="number"
              min={min}
              max={max}
              step={1}
              required
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: Number(e.target.value) })}
              className={`${inputClass} max-w-32`}
            />
          </Field>
        ))}
      </div>
      {BOOLEANS.map((key) => (
        <div key={key} className="flex items-start gap-2">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            checked={form[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.checked })}
            aria-describedby={`${id}-${key}-hint`}
            className="mt-1 h-4 w-4"
          />
          <div>
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
              {t(`settings.${key}`)}
            </label>
            <p id={`${id}-${key}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
              {t(`settings.${key}Hint`)}
            </p>
          </div>
        </div>
      ))}
      <SaveBar
        label={t("settings.save")}
        savedLabel={t("settings.saved")}
        busy={save.busy}
        dirty={dirty}
        saved={saved}
        error={save.error}
      />
    </form>
  );
}
