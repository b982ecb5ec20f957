"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { chooseUsername, type ChooseUsernameState } from "@/lib/actions/oidc";

export function ChooseUsernameForm({ suggested }: { suggested: string }) {
  const t = useTranslations("Auth");
  const [state, action, pending] = useActionState<ChooseUsernameState | undefined, FormData>(chooseUsername, undefined);
  const error = state?.code ? t(`chooseUsernameError.${state.code}`) : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <Field id="choose-username" label={t("username")} error={error} hint={t("usernameHint")}>
        <Input
          id="choose-username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          minLength={3}
          maxLength={32}
          defaultValue={state?.username ?? suggested}
          {...describedBy("choose-username", error)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("creatingAccount") : t("chooseUsernameSubmit")}
      </Button>
    </form>
  );
}
