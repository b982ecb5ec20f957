"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserSupportsWebAuthn, WebAuthnError } from "@simplewebauthn/browser";
import { Fingerprint, Pencil, Plus } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { describedBy, Field, FieldError, Input } from "@/components/ui/field";
import { fieldErrors } from "@/lib/client/api-client";
import { passkeysApi } from "@/lib/client/passkeys-api";
import { userKeys } from "@/lib/client/query-keys";
import type { PasskeyDto } from "@/lib/validation/passkeys";

type Errors = { form: string | null; fields: Record<string, string> };
const NONE: Errors = { form: null, fields: {} };
/** PASSKEY_NAME_MAX of lib/validation/passkeys.ts (not imported: that module brings zod into the page). */
const PASSKEY_NAME_MAX = 64;
const box = "space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";

/** Whether this browser has WebAuthn (false while rendering on the server, so the button waits for the browser). */
const useWebAuthn = () =>
  useSyncExternalStore(
    () => () => {},
    () => browserSupportsWebAuthn(),
    () => true,
  );

/** One passkey: its name (renamed in place), when it was added and last used, Remove. */
function PasskeyRow({ passkey }: { passkey: PasskeyDto }) {
  const t = useTranslations("Passkeys");
  const format = useFormatter();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: userKeys.passkeys() });
  const rename = useMutation({
    mutationFn: (name: string) => passkeysApi.rename(passkey.id, name),
    onMutate: () => setError(null),
    onError: (err) => {
      const e = fieldErrors(err);
      setError(e.fields.name ?? e.form);
    },
    onSuccess: () => {
      setEditing(false);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => passkeysApi.remove(passkey.id), onSettled: () => void refresh() });
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const inputId = `passkey-name-${passkey.id}`;

  if (editing) {
    const submit = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      rename.mutate(String(new FormData(e.currentTarget).get("name") ?? ""));
    };
    return (
      <li className="py-3">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
          <div className="min-w-0 flex-1">
            <Field id={inputId} label={t("newName")} error={error ?? undefined}>
              <Input
                id={inputId}
                name="name"
                defaultValue={passkey.name}
                maxLength={PASSKEY_NAME_MAX}
                required
                autoFocus
                {...describedBy(inputId, error ?? undefined)}
              />
            </Field>
          </div>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="passkey-row">
      <Fingerprint aria-hidden className="size-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("createdOn", { date: date(passkey.createdAt) })} ·{" "}
          {passkey.lastUsedAt ? t("lastUsed", { date: date(passkey.lastUsedAt) }) : t("neverUsed")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          aria-label={t("renameLabel", { name: passkey.name })}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden className="size-4" />
          {t("rename")}
        </Button>
        <ConfirmButton
          variant="danger"
          size="sm"
          disabled={remove.isPending}
          aria-label={t("removeLabel", { name: passkey.name })}
          message={t("removeConfirm", { name: passkey.name })}
          confirmLabel={t("remove")}
          onConfirm={() => remove.mutate()}
        >
          {t("remove")}
        </ConfirmButton>
      </div>
    </li>
  );
}

/** Settings → Passkeys: add one (the device makes it), rename and remove them. */
export function PasskeySettings({ initial }: { initial: PasskeyDto[] }) {
  const t = useTranslations("Passkeys");
  const qc = useQueryClient();
  const supported = useWebAuthn();
  const passkeys = useQuery({ queryKey: userKeys.passkeys(), queryFn: passkeysApi.list, initialData: initial }).data;
  const [errors, setErrors] = useState<Errors>(NONE);
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: passkeysApi.add,
    onMutate: () => {
      setErrors(NONE);
      setAdded(null);
    },
    onError: (err) => {
      // The device's own refusals: a passkey for this account on it already, or cancelled / timed out.
      if (err instanceof WebAuthnError && err.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
        setErrors({ form: t("alreadyOnDevice"), fields: {} });
      else if (err instanceof WebAuthnError || (err instanceof Error && err.name === "NotAllowedError"))
        setErrors({ form: t("cancelled"), fields: {} });
      else setErrors(fieldErrors(err));
    },
    onSuccess: (p) => {
      setAdded(p.name);
      void qc.invalidateQueries({ queryKey: userKeys.passkeys() });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    add.mutate(String(new FormData(form).get("name") ?? ""), { onSuccess: () => form.reset() });
  };
  const f = errors.fields;

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className={box} aria-labelledby="passkey-add-heading" noValidate>
        <h2 id="passkey-add-heading" className="text-lg font-semibold">
          {t("addHeading")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("addIntro")}</p>
        {supported ? (
          <>
            <Field id="passkey-name" label={t("nameLabel")} hint={t("nameHint")} error={f.name}>
              <Input
                id="passkey-name"
                name="name"
                maxLength={PASSKEY_NAME_MAX}
                autoComplete="off"
                {...(f.name ? describedBy("passkey-name", f.name) : { "aria-describedby": "passkey-name-hint" })}
              />
            </Field>
            <FieldError id="passkey-add-error" message={errors.form ?? f.response ?? null} />
            {added ? (
              <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
                {t("added", { name: added })}
              </p>
            ) : null}
            <Button type="submit" disabled={add.isPending}>
              <Plus aria-hidden className="size-4" />
              {add.isPending ? t("adding") : t("add")}
            </Button>
          </>
        ) : (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
            {t("unsupported")}
          </p>
        )}
      </form>
      <section aria-labelledby="passkey-list-heading">
        <h2 id="passkey-list-heading" className="mb-1 text-lg font-semibold">
          {t("listHeading")}
        </h2>
        {passkeys.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="passkey-list">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
