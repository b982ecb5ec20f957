"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";
import { twoFactorApi } from "@/lib/client/two-factor-api";
import type { TwoFactorStatusDto } from "@/lib/validation/two-factor";

type Errors = { form: string | null; fields: Record<string, string> };
const NONE: Errors = { form: null, fields: {} };
const box = "space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";

/** The 10 recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("TwoFactor");
  return (
    <section aria-labelledby="recovery-heading" className={box}>
      <h2 id="recovery-heading" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden className="size-5" />
        {t("recoveryHeading")}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("recoveryIntro")}</p>
      <ol
        aria-label={t("recoveryHeading")}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-zinc-50 p-3 font-mono text-sm dark:bg-zinc-900"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Button type="button" onClick={onDone}>
        {t("recoverySaved")}
      </Button>
    </section>
  );
}

/** Settings → Two-factor sign-in: set up an authenticator app, new recovery codes, turn it off. */
export function TwoFactorSettings({ initial }: { initial: TwoFactorStatusDto }) {
  const t = useTranslations("TwoFactor");
  const format = useFormatter();
  const qc = useQueryClient();
  const router = useRouter();
  const status = useQuery({ queryKey: userKeys.twoFactor(), queryFn: twoFactorApi.status, initialData: initial }).data;
  const [errors, setErrors] = useState<Errors>(NONE);
  const [codes, setCodes] = useState<string[] | null>(null);
  const onError = (err: unknown) => setErrors(fieldErrors(err));
  const refresh = () => qc.invalidateQueries({ queryKey: userKeys.twoFactor() });

  const start = useMutation({ mutationFn: twoFactorApi.start, onMutate: () => setErrors(NONE), onError });
  const confirm = useMutation({
    mutationFn: twoFactorApi.confirm,
    onMutate: () => setErrors(NONE),
    onError,
    onSuccess: (r) => {
      setCodes(r.recoveryCodes);
      start.reset();
      void refresh();
    },
  });
  const renew = useMutation({
    mutationFn: twoFactorApi.newRecoveryCodes,
    onMutate: () => setErrors(NONE),
    onError,
    onSuccess: (r) => {
      setCodes(r.recoveryCodes);
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: twoFactorApi.disable,
    onMutate: () => setErrors(NONE),
    onError,
    onSuccess: () => void refresh(),
  });
  const f = errors.fields;

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          // A staff member sent here first (the admin requires it) now sees the page they asked for.
          router.refresh();
        }}
      />
    );
  }

  if (status.enabled) {
    const submitRenew = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      renew.mutate(String(new FormData(e.currentTarget).get("code") ?? ""));
    };
    const submitDisable = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const d = new FormData(e.currentTarget);
      disable.mutate({ password: String(d.get("password") ?? ""), code: String(d.get("code") ?? "") });
    };
    return (
      <div className="space-y-6">
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {t("onSince", { date: status.confirmedAt ? format.dateTime(new Date(status.confirmedAt), { dateStyle: "medium" }) : "" })}{" "}
            {t("codesLeft", { count: status.recoveryCodesLeft })}
          </span>
        </p>
        <form onSubmit={submitRenew} className={box} aria-labelledby="renew-heading" noValidate>
          <h2 id="renew-heading" className="text-lg font-semibold">
            {t("renewHeading")}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("renewIntro")}</p>
          <Field id="renew-code" label={t("code")} error={renew.isError ? f.code : undefined}>
            <Input
              id="renew-code"
              name="code"
              autoComplete="one-time-code"
              required
              {...describedBy("renew-code", renew.isError ? f.code : undefined)}
            />
          </Field>
          <FieldError id="renew-error" message={renew.isError ? errors.form : null} />
          <Button type="submit" disabled={renew.isPending}>
            {t("renewSubmit")}
          </Button>
        </form>
        {status.requiredForYou ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("requiredCannotTurnOff")}</p> : null}
        <form onSubmit={submitDisable} className={box} aria-labelledby="disable-heading" noValidate>
          <h2 id="disable-heading" className="flex items-center gap-2 text-lg font-semibold">
            <ShieldOff aria-hidden className="size-5" />
            {t("disableHeading")}
          </h2>
          <Field id="disable-password" label={t("password")} error={disable.isError ? f.password : undefined}>
            <Input
              id="disable-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...describedBy("disable-password", disable.isError ? f.password : undefined)}
            />
          </Field>
          <Field id="disable-code" label={t("codeOrRecovery")} error={disable.isError ? f.code : undefined}>
            <Input
              id="disable-code"
              name="code"
              autoComplete="one-time-code"
              required
              {...describedBy("disable-code", disable.isError ? f.code : undefined)}
            />
          </Field>
          <FieldError id="disable-error" message={disable.isError ? errors.form : null} />
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {t("disableSubmit")}
          </Button>
        </form>
      </div>
    );
  }

  const setup = start.data;
  if (!setup) {
    return (
      <div className={box}>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("offIntro")}</p>
        <FieldError id="start-error" message={errors.form} />
        <Button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
          <ShieldCheck aria-hidden className="size-4" />
          {t("setUp")}
        </Button>
      </div>
    );
  }
  const submitConfirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    confirm.mutate(String(new FormData(e.currentTarget).get("code") ?? ""));
  };
  return (
    <form onSubmit={submitConfirm} className={box} aria-labelledby="scan-heading" noValidate>
      <h2 id="scan-heading" className="text-lg font-semibold">
        {t("scanHeading")}
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server */}
        <img src={setup.qrCode} alt={t("qrAlt")} width={192} height={192} className="size-48 shrink-0 rounded-md bg-white p-2" />
        <div className="min-w-0 space-y-2 text-sm">
          <p>{t("scanIntro")}</p>
          <p>
            {t("secretLabel")}{" "}
            <code data-testid="two-factor-secret" className="rounded bg-zinc-100 px-1 font-mono break-all dark:bg-zinc-800">
              {setup.secret}
            </code>
          </p>
          <details>
            <summary className="cursor-pointer text-sky-700 dark:text-sky-400">{t("uriLabel")}</summary>
            <code className="mt-1 block font-mono text-xs break-all">{setup.otpauthUri}</code>
          </details>
        </div>
      </div>
      <Field id="confirm-code" label={t("code")} hint={t("codeHint")} error={f.code}>
        <Input
          id="confirm-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          {...(f.code ? describedBy("confirm-code", f.code) : { "aria-describedby": "confirm-code-hint" })}
        />
      </Field>
      <FieldError id="confirm-error" message={errors.form} />
      <Button type="submit" disabled={confirm.isPending}>
        <CheckCircle2 aria-hidden className="size-4" />
        {t("confirmSubmit")}
      </Button>
    </form>
  );
}
