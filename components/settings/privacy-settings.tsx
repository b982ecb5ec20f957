"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { api, fieldErrors } from "@/lib/client/api-client";
import { socialKeys } from "@/lib/client/query-keys";
import type { MessagePolicy, PrivacyDto } from "@/lib/validation/social";

/** Each policy's label and hint are in the catalogs (SettingsPrivacy.policy.<POLICY>). */
const POLICIES: MessagePolicy[] = ["EVERYONE", "FOLLOWING", "NOBODY"];

/** GET/PUT /api/users/me/privacy as a radio group; a choice is saved at once. */
export function MessagePolicyForm() {
  const t = useTranslations("SettingsPrivacy");
  const id = useId();
  const qc = useQueryClient();
  const privacy = useQuery({ queryKey: socialKeys.privacy(), queryFn: api.privacy });
  const save = useMutation({
    mutationFn: (p: MessagePolicy) => api.updatePrivacy(p),
    onMutate: async (messagePolicy) => {
      await qc.cancelQueries({ queryKey: socialKeys.privacy() });
      qc.setQueryData<PrivacyDto>(socialKeys.privacy(), { messagePolicy });
    },
    onSuccess: (p) => qc.setQueryData(socialKeys.privacy(), p),
    onError: () => void qc.invalidateQueries({ queryKey: socialKeys.privacy() }),
  });
  return (
    <fieldset className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="message-policy">
      <legend className="px-1 text-sm font-semibold">{t("legend")}</legend>
      {privacy.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("loadError")}
        </p>
      ) : null}
      <div className="mt-2 space-y-3">
        {POLICIES.map((policy) => ({ policy, label: t(`policy.${policy}.label`), hint: t(`policy.${policy}.hint`) })).map((p) => (
          <div key={p.policy} className="flex items-start gap-3">
            <input
              id={`${id}-${p.policy}`}
              type="radio"
              name="message-policy"
              value={p.policy}
              checked={privacy.data?.messagePolicy === p.policy}
              onChange={() => save.mutate(p.policy)}
              aria-describedby={`${id}-${p.policy}-hint`}
              className="mt-1 h-4 w-4 accent-sky-700"
            />
            <div>
              <label htmlFor={`${id}-${p.policy}`} className="text-sm font-medium">
                {p.label}
              </label>
              <p id={`${id}-${p.policy}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
                {p.hint}
              </p>
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {save.isPending ? t("saving") : save.isError ? t("saveError") : save.isSuccess ? t("saved") : "\u00a0"}
      </p>
    </fieldset>
  );
}

/** The members one blocked, with a way to block another by name and to unblock each. */
export function BlockedMembers() {
  const t = useTranslations("SettingsPrivacy");
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const blocks = useQuery({ queryKey: socialKeys.blocks(), queryFn: api.blocks });
  const change = useMutation({
    mutationFn: ({ username, on }: { username: string; on: boolean }) => api.block(username, on),
    onSuccess: (_r, v) => {
      setDone(v.on ? t("blockedDone", { username: v.username }) : t("unblockedDone", { username: v.username }));
      if (v.on) setName("");
    },
    onSettled: (_r, _e, v) => {
      void qc.invalidateQueries({ queryKey: socialKeys.blocks() });
      void qc.invalidateQueries({ queryKey: socialKeys.relation(v.username) });
    },
  });
  const errors = change.isError && change.variables?.on ? fieldErrors(change.error) : null;
  const error = errors ? (errors.fields.username ?? errors.form) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const username = name.trim().replace(/^@/, "");
    if (username) change.mutate({ username, on: true });
  };
  const list = blocks.data ?? [];
  return (
    <section aria-labelledby="blocked-heading" className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div>
        <h2 id="blocked-heading" className="text-sm font-semibold">
          {t("blockedHeading")}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("blockedIntro")}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={t("blockLabel")}>
        <Field id="block-username" label={t("username")} error={error} className="flex-1">
          <input
            id="block-username"
            name="username"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            className={inputClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "block-username-error" : undefined}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={change.isPending || !name.trim()} className={error ? "sm:mb-6" : ""}>
          {t("block")}
        </Button>
      </form>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite" data-testid="block-status">
        {done ?? ""}
      </p>
      {blocks.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("listError")}
        </p>
      ) : blocks.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p>
      ) : list.length ? (
        <ul aria-label={t("listLabel")} className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="blocked-list">
          {list.map((b) => (
            <li key={b.user.id} className="flex items-center gap-3 py-2">
              <Avatar src={b.user.avatar} name={b.user.username} size={32} decorative />
              <div className="min-w-0 flex-1">
                <Link href={`/u/${encodeURIComponent(b.user.username)}`} className="text-sm font-medium break-all hover:underline">
                  {b.user.username}
                </Link>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t.rich("blockedAt", { time: () => <RelativeTime iso={b.blockedAt} /> })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => change.mutate({ username: b.user.username, on: false })}
                disabled={change.isPending}
                aria-label={t("unblockUser", { username: b.user.username })}
              >
                {t("unblock")}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="blocked-empty">
          {t("empty")}
        </p>
      )}
    </section>
  );
}
