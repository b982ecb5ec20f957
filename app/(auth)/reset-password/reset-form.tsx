"use client";

import { Link } from "@/components/ui/link";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { signInWithPassword } from "@/lib/actions/auth";

/** Sets the new password (POST /api/auth/reset), then signs this browser in with it. */
export function ResetForm({ token }: { token: string }) {
  const t = useTranslations("Auth");
  const [mismatch, setMismatch] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: async (password: string) => {
      const r = await api.resetPassword(token, password);
      const creds = new FormData();
      creds.set("username", r.user.username);
      creds.set("password", password);
      creds.set("callbackUrl", "/");
      // Redirects home on success; an error comes back as a value.
      const res = await signInWithPassword(undefined, creds);
      if (res?.error) throw new Error(t("changedButSignInFailed", { error: res.code ? t(`signInError.${res.code}`) : res.error }));
    },
  });
  const errors = reset.error ? fieldErrors(reset.error) : { form: null, fields: {} as Record<string, string> };

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setMismatch(t("passwordsDiffer"));
      return;
    }
    setMismatch(null);
    reset.mutate(password);
  }

  const pw = mismatch ?? errors.fields.password;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="reset-password" label={t("newPassword")} error={errors.fields.password} hint={t("passwordHint")}>
        <Input
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          autoFocus
          {...describedBy("reset-password", errors.fields.password)}
        />
      </Field>
      <Field id="reset-confirm" label={t("newPasswordAgain")} error={mismatch}>
        <Input
          id="reset-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          {...describedBy("reset-confirm", mismatch)}
        />
      </Field>
      {errors.fields.token ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.fields.token}.{" "}
          <Link href="/forgot-password" className="underline">
            {t("askNewLink")}
          </Link>
        </p>
      ) : (
        <FieldError id="reset-error" message={pw ? null : errors.form} />
      )}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t("saving") : t("resetSubmit")}
      </Button>
    </form>
  );
}
