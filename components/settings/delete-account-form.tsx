"use client";

import { useMutation } from "@tanstack/react-query";
import { Mail, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { apiFetch, fieldErrors } from "@/lib/client/api-client";

type Errors = { form: string | null; fields: Record<string, string> };
type Body = { password: string; content: "keep" | "remove" } | { code: string; content: "keep" | "remove" };

/**
 * Settings → Account: delete the account (DELETE /api/users/me), posts kept or removed; then home, signed
 * out. Confirmed by the password or by a code mailed on request (POST /api/users/me/deletion-code): an
 * account without a password (OpenID Connect or passkeys only) has the code only.
 */
export function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("DeleteAccount");
  const [errors, setErrors] = useState<Errors>({ form: null, fields: {} });
  const [mode, setMode] = useState<"password" | "code">(hasPassword ? "password" : "code");
  const [sentFor, setSentFor] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (body: Body) => {
      return apiFetch<{ deleted: true }>("/api/users/me", { method: "DELETE", body });
    },
    onMutate: () => setErrors({ form: null, fields: {} }),
    onError: (err) => setErrors(fieldErrors(err)),
    // The session ended with the account: a full load shows the site signed out.
    onSuccess: () => window.location.assign("/"),
  });
  const sendCode = useMutation({
    mutationFn: () => {
      return apiFetch<{ sent: true; expiresInMinutes: number }>("/api/users/me/deletion-code", { method: "POST" });
    },
    onMutate: () => setErrors({ form: null, fields: {} }),
    onError: (err) => setErrors(fieldErrors(err)),
    onSuccess: (r) => setSentFor(r.expiresInMinutes),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const content = d.get("content") === "remove" ? "remove" : "keep";
    if (mode === "code") remove.mutate({ code: String(d.get("code") ?? "").replace(/\s+/g, ""), content });
    else remove.mutate({ password: String(d.get("password") ?? ""), content });
  }
  const f = errors.fields;
  return (
    <form
      id="delete-account"
      onSubmit={onSubmit}
      aria-labelledby="delete-account-heading"
      className="space-y-4 rounded-lg border border-red-300 p-4 dark:border-red-900"
      noValidate
    >
      <h2 id="delete-account-heading" className="flex items-center gap-2 text-lg font-semibold text-red-800 dark:text-red-300">
        <Trash2 aria-hidden className="size-5" />
        {t("heading")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("contentLegend")}</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="content" value="keep" defaultChecked className="mt-1" />
          <span>{t("keep")}</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="content" value="remove" className="mt-1" />
          <span>{t("remove")}</span>
        </label>
      </fieldset>
      {mode === "password" ? (
        <>
          <Field id="delete-password" label={t("password")} error={f.password}>
            <Input
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...describedBy("delete-password", f.password)}
            />
          </Field>
          <button
            type="button"
            className="text-sm text-sky-700 underline hover:no-underline dark:text-sky-400"
            onClick={() => (setMode("code"), setErrors({ form: null, fields: {} }))}
          >
            {t("useCode")}
          </button>
        </>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{hasPassword ? t("codeIntro") : t("codeIntroNoPassword")}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="secondary" disabled={sendCode.isPending} onClick={() => sendCode.mutate()}>
              <Mail aria-hidden className="size-4" />
              {sentFor === null ? t("sendCode") : t("sendAgain")}
            </Button>
            {sentFor !== null ? (
              <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
                {t("codeSent", { minutes: sentFor })}
              </p>
            ) : null}
          </div>
          <Field id="delete-code" label={t("code")} error={f.code ?? (hasPassword ? undefined : f.password)}>
            <Input
              id="delete-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={7}
              required
              className="w-40 font-mono tracking-widest"
              {...describedBy("delete-code", f.code)}
            />
          </Field>
          {hasPassword ? (
            <button
              type="button"
              className="text-sm text-sky-700 underline hover:no-underline dark:text-sky-400"
              onClick={() => (setMode("password"), setErrors({ form: null, fields: {} }))}
            >
              {t("usePassword")}
            </button>
          ) : null}
        </div>
      )}
      <FieldError id="delete-account-error" message={errors.form} />
      <Button type="submit" variant="danger" disabled={remove.isPending}>
        {t("submit")}
      </Button>
    </form>
  );
}
