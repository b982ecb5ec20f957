"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";

/** POST /api/auth/verify with the username and the code; the header's reminder goes away on success. */
export function VerifyForm({ username, code, signedIn }: { username: string; code: string; signedIn: boolean }) {
  const t = useTranslations("Auth");
  const router = useRouter();
  const verify = useMutation({
    mutationFn: (body: { username: string; code: string }) => api.verifyEmail(body),
    onSuccess: () => router.refresh(),
  });
  const errors = verify.error ? fieldErrors(verify.error) : { form: null, fields: {} as Record<string, string> };

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    verify.mutate({ username: String(form.get("username") ?? "").trim(), code: String(form.get("code") ?? "").trim() });
  }

  if (verify.isSuccess) {
    return (
      <div role="status" className="space-y-3 text-sm">
        <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
          {verify.variables?.username ? t("verifiedUser", { username: verify.variables.username }) : t("verified")}
        </p>
        <Link href={signedIn ? "/" : "/login"} className="text-sky-700 underline dark:text-sky-400">
          {signedIn ? t("backToForum") : t("signIn")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="verify-username" label={t("username")} error={errors.fields.username}>
        <Input
          id="verify-username"
          name="username"
          autoComplete="username"
          required
          defaultValue={username}
          {...describedBy("verify-username", errors.fields.username)}
        />
      </Field>
      <Field id="verify-code" label={t("code")} error={errors.fields.code}>
        <Input
          id="verify-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          defaultValue={code}
          autoFocus={!code}
          className="font-mono tracking-[0.3em]"
          {...describedBy("verify-code", errors.fields.code)}
        />
      </Field>
      <FieldError id="verify-error" message={errors.form} />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t("checking") : t("verify")}
      </Button>
    </form>
  );
}
