"use client";

import { useActionState } from "react";
import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, FieldError, Input } from "@/components/ui/field";
import { signInStep, type SignInState } from "@/lib/actions/auth";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("Auth");
  const [state, action, pending] = useActionState<SignInState | undefined, FormData>(signInStep, undefined);
  const error = state?.code ? t(`signInError.${state.code}`) : state?.error;
  if (state?.ticket) {
    // Two-factor sign-in: the password was right; the code (or a recovery code) finishes it.
    return (
      <form action={action} className="space-y-4" aria-describedby={error ? "login-error" : "login-code-hint"}>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <input type="hidden" name="ticket" value={state.ticket} />
        <input type="hidden" name="username" value={state.username} />
        <p id="login-code-hint" className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-400" />
          <span>{t("codeStepIntro")}</span>
        </p>
        <Field id="login-otp" label={t("code")} hint={t("codeHint")}>
          <Input
            id="login-otp"
            name="otp"
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="off"
            spellCheck={false}
            required
            autoFocus
            maxLength={64}
          />
        </Field>
        <FieldError id="login-error" message={error} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t("signingIn") : t("verifyCode")}
        </Button>
      </form>
    );
  }
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
