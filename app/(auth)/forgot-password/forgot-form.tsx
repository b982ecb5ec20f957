"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";

/** POST /api/auth/forgot; the answer is the same whether or not the address has an account. */
export function ForgotForm() {
  const t = useTranslations("Auth");
  const ask = useMutation({ mutationFn: (email: string) => api.forgotPassword(email) });
  const errors = ask.error ? fieldErrors(ask.error) : { form: null, fields: {} as Record<string, string> };

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    ask.mutate(String(new FormData(e.currentTarget).get("email") ?? ""));
  }

  if (ask.isSuccess) {
    return (
      <p
        role="status"
        className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {ask.data.message} {t("checkInbox")}
      </p>
    );
  }
  const error = errors.fields.email ?? errors.form;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="forgot-email" label={t("email")} error={error}>
        <Input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          {...describedBy("forgot-email", error)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={ask.isPending}>
        {ask.isPending ? t("sending") : t("forgotSubmit")}
      </Button>
    </form>
  );
}
