"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { api, fieldErrors } from "@/lib/client/api-client";
import { socialKeys } from "@/lib/client/query-keys";
import type { MessagePolicy, PrivacyDto } from "@/lib/validation/social";

const POLICIES: { policy: MessagePolicy; label: string; hint: string }[] = [
  { policy: "EVERYONE", label: "Everyone", hint: "Any member may send you a direct message (except those you blocked)." },
  { policy: "FOLLOWING", label: "People I follow", hint: "Only members you follow may start a conversation with you." },
  { policy: "NOBODY", label: "Nobody", hint: "Nobody may send you direct messages." },
];

/** GET/PUT /api/users/me/privacy as a radio group; a choice is saved at once. */
export function MessagePolicyForm() {
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
      <legend className="px-1 text-sm font-semibold">Who may message me</legend>
      {privacy.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load your settings.
        </p>
      ) : null}
      <div className="mt-2 space-y-3">
        {POLICIES.map((p) => (
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
        {save.isPending ? "Saving…" : save.isError ? "Could not save, try again." : save.isSuccess ? "Saved." : "\u00a0"}
      </p>
    </fieldset>
  );
}

/** The members one blocked, with a way to block another by name and to unblock each. */
export function BlockedMembers() {
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const blocks = useQuery({ queryKey: socialKeys.blocks(), queryFn: api.blocks });
  const change = useMutation({
    mutationFn: ({ username, on }: { username: string; on: boolean }) => api.block(username, on),
    onSuccess: (_r, v) => {
      setDone(v.on ? `${v.username} is blocked.` : `${v.username} is no longer blocked.`);
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
          Blocked members
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A blocked member cannot follow or message you, and their mentions, replies and reactions no longer notify you. They are not told.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label="Block a member">
        <Field id="block-username" label="Username" error={error} className="flex-1">
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
          Block
        </Button>
      </form>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite" data-testid="block-status">
        {done ?? ""}
      </p>
      {blocks.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load the list.
        </p>
      ) : blocks.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
      ) : list.length ? (
        <ul aria-label="Members you blocked" className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="blocked-list">
          {list.map((b) => (
            <li key={b.user.id} className="flex items-center gap-3 py-2">
              <Avatar src={b.user.avatar} name={b.user.username} size={32} decorative />
              <div className="min-w-0 flex-1">
                <Link href={`/u/${encodeURIComponent(b.user.username)}`} className="text-sm font-medium break-all hover:underline">
                  {b.user.username}
                </Link>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  Blocked <RelativeTime iso={b.blockedAt} />
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => change.mutate({ username: b.user.username, on: false })}
                disabled={change.isPending}
                aria-label={`Unblock ${b.user.username}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="blocked-empty">
          You have not blocked anyone.
        </p>
      )}
    </section>
  );
}
