"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, MailCheck } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { accountApi } from "@/lib/client/account-api";
import { fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";
import type { EmailChangeDto, UsernamePolicyDto } from "@/lib/validation/account";

/** "November 27, 2026" in the page's language. */
function useDay() {
  const format = useFormatter();
  return (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

function Saved({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
      <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
      {children}
    </p>
  );
}

function usePolicyText(p: UsernamePolicyDto): string {
  const t = useTranslations("SettingsAccount");
  const day = useDay();
  if (p.days === null) return t("renameOff");
  if (p.nextAt) return t("renameNext", { days: p.days, date: day(p.nextAt) });
  if (p.days === 0) return t("renameFree");
  return t("renameEvery", { days: p.days });
}

/** The shown name beside the username (PUT /api/users/me `displayName`). */
export function DisplayNameForm({ username, displayName }: { username: string; displayName: string | null }) {
  const t = useTranslations("SettingsAccount");
  const router = useRouter();
  const qc = useQueryClient();
  const [value, setValue] = useState(displayName ?? "");
  const save = useMutation({
    mutationFn: () => accountApi.updateProfile({ displayName: value.trim() ? value : null }),
    onSuccess: async (me) => {
      setValue(me.displayName ?? "");
      await qc.invalidateQueries({ queryKey: userKeys.all });
      router.refresh();
    },
  });
  const errors = save.error ? fieldErrors(save.error) : null;
  return (
    <form
      aria-labelledby="display-name-heading"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="display-name-heading" className="text-lg font-semibold">
        {t("displayNameHeading")}
      </h2>
      <Field
        id="display-name"
        label={t("displayNameLabel")}
        hint={t("displayNameHint", { username, name: value.trim() || t("displayNameExample") })}
        error={errors?.fields.displayName ?? errors?.form}
      >
        <Input
          id="display-name"
          name="displayName"
          value={value}
          maxLength={40}
          autoComplete="name"
          onChange={(e) => {
            save.reset();
            setValue(e.target.value);
          }}
          {...(errors
            ? describedBy("display-name", errors.fields.displayName ?? errors.form)
            : { "aria-describedby": "display-name-hint" })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("saveName")}
        </Button>
        {save.isSuccess ? <Saved>{save.data.displayName ? t("displayNameSaved") : t("displayNameRemoved")}</Saved> : null}
      </div>
    </form>
  );
}

/** Username: the site's rule for renames, the change itself, the names held before. */
export function UsernameForm({ username, policy }: { username: string; policy: UsernamePolicyDto }) {
  const t = useTranslations("SettingsAccount");
  const day = useDay();
  const policyText = usePolicyText(policy);
  const router = useRouter();
  const qc = useQueryClient();
  const [value, setValue] = useState(username);
  const save = useMutation({
    mutationFn: () => accountApi.updateProfile({ username: value.trim() }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      router.refresh();
    },
  });
  const errors = save.error ? fieldErrors(save.error) : null;
  const locked = policy.days === null || (!policy.allowed && !!policy.nextAt);
  const error = errors?.fields.username ?? errors?.form;
  return (
    <form
      aria-labelledby="username-heading"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="username-heading" className="text-lg font-semibold">
        {t("usernameHeading")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" id="username-policy">
        {policyText}
      </p>
      <Field id="username" label={t("usernameLabel")} hint={t("usernameHint")} error={error}>
        <Input
          id="username"
          name="username"
          value={value}
          disabled={locked && value === username}
          readOnly={policy.days === null}
          autoComplete="username"
          pattern="[A-Za-z0-9_-]{3,32}"
          onChange={(e) => {
            save.reset();
            setValue(e.target.value);
          }}
          {...(error ? describedBy("username", error) : { "aria-describedby": "username-hint username-policy" })}
        />
      </Field>
      {policy.days !== null ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || value.trim() === username || !value.trim()}>
            {save.isPending ? t("saving") : t("changeUsername")}
          </Button>
          {save.isSuccess ? <Saved>{t("usernameSaved", { username: save.data.username })}</Saved> : null}
        </div>
      ) : null}
      {policy.formerNames.length ? (
        <div className="text-sm text-zinc-600 dark:text-zinc-400">
          <p>{t("formerNames")}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {policy.formerNames.map((n) => (
              <li key={`${n.username}-${n.changedAt}`} className="rounded bg-zinc-100 px-2 py-0.5 dark:bg-zinc-800">
                {n.username} <span className="text-xs">{t("formerUntil", { date: day(n.changedAt) })}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

/**
 * Email: ask for a change (new address + password: a code goes to the NEW address), then enter the code;
 * nothing changes before that. `code`: from the mail's link (/settings/account?code=…).
 */
export function EmailChangeForm({ initial, code: linkCode }: { initial: EmailChangeDto; code: string | null }) {
  const t = useTranslations("SettingsAccount");
  const router = useRouter();
  const qc = useQueryClient();
  const state = useQuery({ queryKey: userKeys.emailChange(), queryFn: accountApi.emailChange, initialData: initial, staleTime: 30_000 });
  const current = state.data;
  const [code, setCode] = useState(linkCode ?? "");
  const setState = (s: EmailChangeDto) => qc.setQueryData(userKeys.emailChange(), s);

  const request = useMutation({
    mutationFn: (body: { email: string; password: string }) => accountApi.requestEmailChange(body),
    onSuccess: setState,
  });
  const cancel = useMutation({ mutationFn: accountApi.cancelEmailChange, onSuccess: setState });
  const confirm = useMutation({
    mutationFn: () => accountApi.confirmEmailChange(code.trim()),
    onSuccess: async (me) => {
      setState({ email: me.email, pendingEmail: null });
      setCode("");
      await qc.invalidateQueries({ queryKey: userKeys.all });
      router.refresh();
    },
  });

  function onRequest(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    request.mutate(
      { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") },
      { onSuccess: () => form.reset() },
    );
  }

  const reqErrors = request.error ? fieldErrors(request.error) : null;
  const confErrors = confirm.error ? fieldErrors(confirm.error) : null;
  return (
    <section aria-labelledby="email-heading" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="email-heading" className="text-lg font-semibold">
        {t("emailHeading")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t.rich("emailCurrent", { email: current.email, strong: (c) => <strong data-testid="current-email">{c}</strong> })}
      </p>
      {confirm.isSuccess ? <Saved>{t("emailChanged", { email: confirm.data.email })}</Saved> : null}
      {current.pendingEmail ? (
        <form
          className="space-y-3 rounded-md border border-sky-200 bg-sky-50 p-3 dark:border-sky-900 dark:bg-sky-950/50"
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate();
          }}
          aria-label={t("confirmLabel")}
        >
          <p className="flex items-start gap-2 text-sm text-sky-950 dark:text-sky-100" role="status">
            <MailCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {t.rich("codeSent", {
                email: current.pendingEmail,
                strong: (c) => <strong data-testid="pending-email">{c}</strong>,
              })}
            </span>
          </p>
          <Field id="email-code" label={t("codeLabel")} error={confErrors?.fields.code ?? confErrors?.form}>
            <Input
              id="email-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                confirm.reset();
                setCode(e.target.value.replace(/\D/g, ""));
              }}
              className="max-w-40 tracking-widest"
              {...describedBy("email-code", confErrors?.fields.code ?? confErrors?.form)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
              {confirm.isPending ? t("confirming") : t("confirm")}
            </Button>
            <Button type="button" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {t("keepCurrent")}
            </Button>
          </div>
        </form>
      ) : null}
      <form onSubmit={onRequest} className="space-y-3" noValidate aria-label={t("changeLabel")}>
        <Field id="new-email" label={current.pendingEmail ? t("otherAddress") : t("newAddress")} error={reqErrors?.fields.email}>
          <Input
            id="new-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...describedBy("new-email", reqErrors?.fields.email)}
          />
        </Field>
        <Field id="email-password" label={t("currentPassword")} error={reqErrors?.fields.password}>
          <Input
            id="email-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            {...describedBy("email-password", reqErrors?.fields.password)}
          />
        </Field>
        <FieldError id="email-change-error" message={reqErrors?.form} />
        <Button type="submit" variant="secondary" disabled={request.isPending}>
          {request.isPending ? t("sending") : t("sendCode")}
        </Button>
      </form>
    </section>
  );
}
