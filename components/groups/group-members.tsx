"use client";

import { Crown, Trash2, UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Link } from "@/components/ui/link";
import { RecipientPicker, type Recipient, type RecipientPickerHandle } from "@/components/messages/recipient-picker";
import { useGroup, useGroupChange } from "@/components/groups/use-groups";
import { fieldErrors } from "@/lib/client/api-client";
import { MemberName } from "@/components/people/member-name";

/** At most this many people added in one go. */
const ADD_MAX = 20;

/**
 * A group's members, and for whoever manages it (`canManage`: an admin, or one of its owners) adding
 * members by username with suggestions as one types (the DM recipient field's RecipientPicker, on the
 * `@` mention suggester) and removing them; admins (`isAdmin`) also make and unmake owners. What an
 * owner may not do (remove another owner) is not offered; the API refuses it anyway.
 */
export function GroupMembers({ groupId, isAdmin, viewerId }: { groupId: number; isAdmin: boolean; viewerId: number | null }) {
  const t = useTranslations("Groups");
  const id = useId();
  const group = useGroup(groupId);
  const change = useGroupChange();
  const picker = useRef<RecipientPickerHandle>(null);
  const [to, setTo] = useState<Recipient[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  if (group.isPending) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p>;
  if (group.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {group.error.message}
      </p>
    );
  const g = group.data;
  const busy = change.busy || adding;

  async function add() {
    setError(null);
    const list = await picker.current?.commit();
    if (!list) return;
    if (!list.length) return setError(t("writeUsername"));
    setAdding(true);
    try {
      // One request per member: the API adds one at a time (each audited).
      for (const r of list) {
        await change.mutateAsync({ kind: "member.add", id: groupId, username: r.username });
        setTo((now) => now.filter((x) => x.id !== r.id));
      }
    } catch (e) {
      const f = fieldErrors(e);
      setError(f.form ?? Object.values(f.fields)[0] ?? t("couldNotAdd"));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="space-y-3" data-testid="group-members">
      {g.canManage ? (
        <form
          aria-label={t("addMembersTo", { name: g.name })}
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <RecipientPicker
            ref={picker}
            id={`${id}-add`}
            label={t("addMembers")}
            value={to}
            onChange={setTo}
            max={ADD_MAX}
            error={error}
            onError={setError}
            placeholder={t("addPlaceholder")}
          />
          <Button type="submit" size="sm" disabled={busy}>
            <UserPlus aria-hidden="true" className="h-4 w-4" /> {t("add")}
          </Button>
        </form>
      ) : null}
      {!error && change.error && !adding ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fieldErrors(change.error).form ?? change.error.message}
        </p>
      ) : null}
      {g.members.length ? (
        <ul
          aria-label={t("membersOf", { name: g.name })}
          className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        >
          {g.members.map((m) => {
            const mayRemove = g.canManage && (isAdmin || !m.owner || m.id === viewerId);
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="group-member">
                {m.avatar ? <Avatar src={m.avatar} name={m.username} size={24} decorative /> : null}
                <Link href={`/u/${encodeURIComponent(m.username)}`} className="min-w-0 font-medium break-all hover:underline">
                  <MemberName username={m.username} />
                </Link>
                {m.owner ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                    <Crown aria-hidden="true" className="h-3 w-3" /> {t("owner")}
                  </span>
                ) : null}
                <span className="ml-auto flex flex-wrap gap-1">
                  {isAdmin ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={m.owner ? t("unmakeOwnerName", { username: m.username }) : t("makeOwnerName", { username: m.username })}
                      onClick={() => change.mutate({ kind: "member.owner", id: groupId, username: m.username, owner: !m.owner })}
                    >
                      <Crown aria-hidden="true" className="h-4 w-4" /> {m.owner ? t("unmakeOwner") : t("makeOwner")}
                    </Button>
                  ) : null}
                  {mayRemove ? (
                    <ConfirmButton
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={t("removeMember", { username: m.username })}
                      message={t("removeMessage", { username: m.username, name: g.name })}
                      confirmLabel={t("remove")}
                      onConfirm={() => change.mutate({ kind: "member.remove", id: groupId, username: m.username })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> {t("remove")}
                    </ConfirmButton>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noMembers")}</p>
      )}
    </div>
  );
}
