"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Select } from "@/components/ui/field";
import { accountApi } from "@/lib/client/account-api";
import { fieldErrors } from "@/lib/client/api-client";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locale";

/**
 * The member's interface language, saved on the account (PUT /api/users/me `locale`): its
 * answer sets the `lang` cookie, and signing in on another browser sets it again from the account.
 * The page is reloaded to render in it. "Automatic": no saved choice (the browser's language decides).
 */
export function LanguageForm({ saved }: { saved: Locale | null }) {
  const t = useTranslations("Settings");
  const current = useLocale();
  const [value, setValue] = useState<string>(saved ?? "");
  const save = useMutation({
    mutationFn: () => accountApi.updateProfile({ locale: value ? (value as Locale) : null }),
    onSuccess: () => window.location.reload(),
  });
  const errors = save.error ? fieldErrors(save.error) : null;
  const error = errors?.fields.locale ?? errors?.form;
  return (
    <form
      aria-labelledby="language-heading"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="language-heading" className="text-lg font-semibold">
        {t("languageHeading")}
      </h2>
      <Field id="language" label={t("languageLabel")} hint={t("languageHint")} error={error}>
        <Select
          id="language"
          name="locale"
          value={value}
          data-testid="settings-language"
          onChange={(e) => {
            save.reset();
            setValue(e.target.value);
          }}
          {...(error ? describedBy("language", error) : { "aria-describedby": "language-hint" })}
        >
          <option value="">{t("languageAuto")}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || value === (saved ?? "")}>
          {save.isPending ? t("saving") : t("languageSave")}
        </Button>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("languageNow", { name: LOCALE_NAMES[current as Locale] ?? current })}
        </span>
      </div>
    </form>
  );
}
