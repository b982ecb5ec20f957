"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldError, Input } from "@/components/ui/field";
import { signInWithPassword, type SignInState } from "@/lib/actions/auth";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState | undefined, FormData>(signInWithPassword, undefined);
  return (
    <form action={action} className="space-y-4" aria-describedby={state?.error ? "login-error" : undefined}>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field id="login-username" label="Username or email">
        <Input id="login-username" name="username" autoComplete="username" required defaultValue={state?.username ?? ""} autoFocus />
      </Field>
      <Field id="login-password" label="Password">
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <FieldError id="login-error" message={state?.error} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
