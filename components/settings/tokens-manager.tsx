"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { describedBy, Field, FieldError, Input, Select } from "@/components/ui/field";
import { api, fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";
import type { ApiTokenDto, CreatedTokenDto } from "@/lib/validation/auth";

/** A fixed, locale-independent format, so server and client render the same text. */
const when = (iso: string | null, empty: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : empty);

/** The expiry choices (their names: SettingsTokens.expiry.<value>). */
const EXPIRY = ["7", "30", "90", "365", "never"] as const;

export function TokensManager({ initialTokens }: { initialTokens: ApiTokenDto[] }) {
  const tr = useTranslations("SettingsTokens");
  const never = tr("never");
  const qc = useQueryClient();
  const tokens = useQuery({ queryKey: userKeys.tokens(), queryFn: () => api.tokens(), initialData: initialTokens });
  const [createdToken, setCreatedToken] = useState<CreatedTokenDto | null>(null);
  const [errors, setErrors] = useState<{ form: string | null; fields: Record<string, string> }>({ form: null, fields: {} });

  const create = useMutation({
    mutationFn: (body: { name: string; scopes: string[]; expiresInDays: number | null }) => api.createToken(body),
    onSuccess: (t) => {
      setCreatedToken(t);
      setErrors({ form: null, fields: {} });
      void qc.invalidateQueries({ queryKey: userKeys.tokens() });
    },
    onError: (err) => setErrors(fieldErrors(err)),
  });

  const revoke = useMutation({
    mutationFn: (id: number) => api.revokeToken(id),
    onSettled: () => void qc.invalidateQueries({ queryKey: userKeys.tokens() }),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const expiry = String(form.get("expiry"));
    create.mutate({
      name: String(form.get("name") ?? ""),
      scopes: form.get("scope") === "write" ? ["read", "write"] : ["read"],
      expiresInDays: expiry === "never" ? null : Number(expiry),
    });
    e.currentTarget.reset();
  }

  const f = errors.fields;
  return (
    <div className="space-y-6">
      <section aria-labelledby="new-token" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <h2 id="new-token" className="mb-3 text-lg font-semibold">
          {tr("newHeading")}
        </h2>
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
          <Field id="token-name" label={tr("name")} error={f.name}>
            <Input
              id="token-name"
              name="name"
              required
              maxLength={64}
              placeholder={tr("namePlaceholder")}
              {...describedBy("token-name", f.name)}
            />
          </Field>
          <Field id="token-scope" label={tr("scope")} error={f.scopes}>
            <Select id="token-scope" name="scope" defaultValue="read">
              <option value="read">{tr("readOnly")}</option>
              <option value="write">{tr("readWrite")}</option>
            </Select>
          </Field>
          <Field id="token-expiry" label={tr("expiresAfter")} error={f.expiresInDays}>
            <Select id="token-expiry" name="expiry" defaultValue="90">
              {EXPIRY.map((value) => (
                <option key={value} value={value}>
                  {tr(`expiry.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
            {create.isPending ? tr("creating") : tr("create")}
          </Button>
        </form>
        <FieldError id="token-form-error" message={errors.form} />
        {createdToken ? <NewTokenNotice token={createdToken} onDismiss={() => setCreatedToken(null)} /> : null}
      </section>

      <section aria-labelledby="your-tokens">
        <h2 id="your-tokens" className="mb-3 text-lg font-semibold">
          {tr("yourTokens")}
        </h2>
        {revoke.error ? <FieldError id="revoke-error" message={fieldErrors(revoke.error).form ?? tr("revokeError")} /> : null}
        {tokens.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{tr("empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="tokens-table">
              <thead className="border-b border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("name")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("token")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("scopes")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("created")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("lastUsed")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {tr("expires")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{tr("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.data.map((t) => (
                  <tr key={t.id} className="border-b border-zinc-100 dark:border-zinc-800/60">
                    <td className="py-2 pr-3 font-medium">{t.name}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{t.prefix}…</td>
                    <td className="py-2 pr-3">{t.scopes.join(", ")}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{when(t.createdAt, never)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{when(t.lastUsedAt, never)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{when(t.expiresAt, never)}</td>
                    <td className="py-2 text-right">
                      <ConfirmButton
                        variant="danger"
                        size="sm"
                        disabled={revoke.isPending && revoke.variables === t.id}
                        aria-label={tr("revokeLabel", { name: t.name })}
                        message={tr("revokeConfirm", { name: t.name })}
                        confirmLabel={tr("revoke")}
                        onConfirm={() => revoke.mutate(t.id)}
                      >
                        {tr("revoke")}
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function NewTokenNotice({ token, onDismiss }: { token: CreatedTokenDto; onDismiss: () => void }) {
  const tr = useTranslations("SettingsTokens");
  const [copied, setCopied] = useState(false);
  return (
    <div
      role="status"
      className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950"
    >
      <p className="font-medium">{tr("createdNotice", { name: token.name })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="new-token-value" className="sr-only">
          {tr("newHeading")}
        </label>
        <input
          id="new-token-value"
          readOnly
          value={token.token}
          data-testid="new-token"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button
          size="sm"
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(token.token);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? tr("copied") : tr("copy")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {tr("done")}
        </Button>
      </div>
    </div>
  );
}
