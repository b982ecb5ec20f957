"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { signInWithPassword } from "@/lib/actions/auth";
import {
  resetCaptcha,
  SignUpScreenFields,
  signUpScreenFields,
  waitOutFillTime,
  type SignUpFormScreen,
} from "@/components/spam/sign-up-screen";

/** Creates the account with POST /api/auth/register, then signs the browser in with the same credentials. */
export function RegisterForm({ callbackUrl, screen }: { callbackUrl: string; screen?: SignUpFormScreen }) {
  const t = useTranslations("Auth");
  const [errors, setErrors] = useState<{ form: string | null; fields: Record<string, string> }>({ form: null, fields: {} });
  const [busy, setBusy] = useState(false);
  const [signingIn, startTransition] = useTransition();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setErrors({ form: null, fields: {} });
    try {
      // The server refuses a form sent sooner than the minimum fill time after it was shown: a person
      // this quick waits out the rest here instead (issue 58; bots posting at once are refused).
      if (screen) await waitOutFillTime(screen);
      const { token } = await api.register({
        username: String(form.get("username") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        ...(screen ? signUpScreenFields(form, screen) : {}),
      });
      // The browser signs in with a session below; the API's login token would only linger among the
      // account's active sign-ins, so it is ended at once.
      await fetch("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` }, credentials: "omit" }).catch(
        () => {},
      );
    } catch (err) {
      setErrors(fieldErrors(err));
      if (screen) resetCaptcha(screen);
      setBusy(false);
      return;
    }
    const creds = new FormData();
    creds.set("username", String(form.get("username")));
    creds.set("password", String(form.get("password")));
    creds.set("callbackUrl", callbackUrl);
    startTransition(async () => {
      const res = await signInWithPassword(undefined, creds);
      if (res?.error)
        setErrors({ form: t("createdButSignInFailed", { error: res.code ? t(`signInError.${res.code}`) : res.error }), fields: {} });
      setBusy(false);
    });
  }

  const f = errors.fields;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="reg-username" label={t("username")} error={f.username} hint={t("usernameHint")}>
        <Input
          id="reg-username"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={32}
          pattern="[A-Za-z0-9_-]{3,32}"
          {...describedBy("reg-username", f.username)}
        />
      </Field>
      <Field id="reg-email" label={t("email")} error={f.email}>
        <Input id="reg-email" name="email" type="email" autoComplete="email" required {...describedBy("reg-email", f.email)} />
      </Field>
      <Field id="reg-password" label={t("password")} error={f.password} hint={t("passwordHint")}>
        <Input
          id="reg-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          {...describedBy("reg-password", f.password)}
        />
      </Field>
      {screen ? <SignUpScreenFields screen={screen} error={f.captchaToken} /> : null}
      <FieldError id="reg-error" message={errors.form} />
      <Button type="submit" className="w-full" disabled={busy || signingIn}>
        {busy || signingIn ? t("creating") : t("register")}
      </Button>
    </form>
  );
}
