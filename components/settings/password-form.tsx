"use client";

import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { ApiClientError, api, fieldErrors } from "@/lib/client/api-client";

type Errors = { form: string | null; fields: Record<string, string> };

/** Change the password (POST /api/users/me/password); every other sign-in of the account ends. */
export function PasswordForm() {
  const t = useTranslations("SettingsPassword");
  const [errors, setErrors] = useState<Errors>({ form: null, fields: {} });
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.changePassword(body),
    onMutate: () => setErrors({ form: null, fields: {} }),
    onError: (err) => {
      const e = fieldErrors(err);
      // The API names `currentPassword` for a wrong current password; 429 after too many tries.
      setErrors(err instanceof ApiClientError && err.status === 429 ? { form: err.message, fields: {} } : e);
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    if (newPassword !== String(data.get("confirmPassword") ?? "")) {
      setErrors({ form: null, fields: { confirmPassword: t("differ") } });
      return;
    }
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => form.reset() });
  }

  const f = errors.fields;
  const ended = change.data;
  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" noValidate>
      <Field id="current-password" label={t("current")} error={f.currentPassword}>
        <Input
          id="current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          {...describedBy("current-password", f.currentPassword)}
        />
      </Field>
      <Field id="new-password" label={t("new")} hint={t("newHint")} error={f.newPassword}>
        <Input
          id="new-password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          {...(f.newPassword ? describedBy("new-password", f.newPassword) : { "aria-describedby": "new-password-hint" })}
        />
      </Field>
      <Field id="confirm-password" label={t("again")} error={f.confirmPassword}>
        <Input
          id="confirm-password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("confirm-password", f.confirmPassword)}
        />
      </Field>
      <FieldError id="password-form-error" message={errors.form} />
      {ended && !change.isPending ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t("changed")}{" "}
            {ended.sessions + ended.tokens === 0
              ? t("nowhereElse")
              : ended.sessions && ended.tokens
                ? t("endedBoth", { sessions: ended.sessions, tokens: ended.tokens })
                : ended.sessions
                  ? t("endedSessions", { sessions: ended.sessions })
                  : t("endedTokens", { tokens: ended.tokens })}
          </span>
        </p>
      ) : null}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t("changing") : t("submit")}
      </Button>
    </form>
  );
}
