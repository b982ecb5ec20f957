"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, FieldError, Input } from "@/components/ui/field";
import { signInWithPassword, type SignInState } from "@/lib/actions/auth";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("Auth");
  const [state, action, pending] = useActionState<SignInState | undefined, FormData>(signInWithPassword, undefined);
  const error = state?.code ? t(`signInError.${state.code}`) : state?.error;
  return (
    <form action={action} className="space-y-4" aria-describedby={error ? "login-error" : undefined}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field id="login-username" label={t("usernameOrEmail")}>
        <Input id="login-username" name="username" autoComplete="username" required defaultValue={state?.username ?? ""} autoFocus />
      </Field>
      <Field id="login-password" label={t("password")}>
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <FieldError id="login-error" message={error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
