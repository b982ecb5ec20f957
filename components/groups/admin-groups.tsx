"use client";

import { ChevronDown, Pencil, Trash2, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, inputClass } from "@/components/ui/field";
import { AdminList, ChangeError, FormActions, NewItemSection, RowText } from "@/components/admin/admin-kit";
import { GroupMembers } from "@/components/groups/group-members";
import { useGroupChange, useGroups } from "@/components/groups/use-groups";
import type { GroupDto, GroupInput } from "@/lib/validation/groups";

/** GROUP_VISIBILITIES of db/schema/groups.ts (not imported: the schema module stays on the server). */
const VISIBILITIES = ["everyone", "members", "group", "staff"] as const;

/** Name, description and who may see the member list: the create form and the in-place edit. */
function GroupForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
}: {
  initial?: GroupDto;
  submitLabel: string;
  onSubmit: (v: GroupInput) => void;
  onCancel?: () => void;
  busy: boolean;
}) {
  const id = useId();
  const t = useTranslations("Groups");
  const tc = useTranslations("AdminContent");
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [membersVisibility, setVisibility] = useState<GroupInput["membersVisibility"]>(initial?.membersVisibility ?? "members");
  return (
    <form
      className="grid gap-2 sm:grid-cols-[12rem_1fr_12rem] sm:items-end"
      aria-label={initial ? tc("editName", { name: initial.name }) : t("newGroup")}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name: name.trim(), description: description.trim(), membersVisibility });
      }}
    >
      <Field id={`${id}-name`} label={tc("name")}>
        <input id={`${id}-name`} required maxLength={64} value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
      </Field>
      <Field id={`${id}-desc`} label={tc("descriptionOptional")}>
        <input
          id={`${id}-desc`}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-vis`} label={t("membersVisibility")}>
        <select
          id={`${id}-vis`}
          value={membersVisibility}
          onChange={(e) => setVisibility(e.target.value as GroupInput["membersVisibility"])}
          className={inputClass}
        >
          {VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {t(`visibility.${v}`)}
            </option>
          ))}
        </select>
      </Field>
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} className="flex gap-2 sm:col-span-3" />
    </form>
  );
}

/**
 * /admin/groups: create, edit and delete groups; each group's members (added by username with
 * suggestions, removed, made owners) in a panel opened from its row. The list is GET /api/admin/groups
 * under `groupKeys.list()`, prefetched by the page.
 */
export function AdminGroups({ viewerId }: { viewerId: number }) {
  const t = useTranslations("Groups");
  const tc = useTranslations("AdminContent");
  const groups = useGroups();
  const change = useGroupChange();
  const [editing, setEditing] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  // A new form (empty fields) after each group created.
  const [made, setMade] = useState(0);
  const list = groups.data ?? [];
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <NewItemSection id="new-group" title={t("newGroup")}>
        <GroupForm
          key={made}
          submitLabel={t("createGroup")}
          busy={change.busy}
          onSubmit={(body) => change.mutate({ kind: "create", body }, { onSuccess: () => setMade((n) => n + 1) })}
        />
      </NewItemSection>
      <ChangeError error={change.error} />
      {list.length ? (
        <AdminList label={t("groupsLabel")}>
          {list.map((g) => (
            <li key={g.id} className="space-y-3 p-3" data-testid="admin-group">
              {editing === g.id ? (
                <GroupForm
                  initial={g}
                  submitLabel={tc("save")}
                  busy={change.busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body) => change.mutate({ kind: "update", id: g.id, body }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <RowText
                    title={g.name}
                    detail={[
                      t("memberCount", { count: g.memberCount }),
                      t("listVisibleTo", { who: t(`visibility.${g.membersVisibility}`) }),
                      ...(g.description ? [g.description] : []),
                    ].join(" · ")}
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={open === g.id}
                      aria-controls={`group-panel-${g.id}`}
                      aria-label={t("membersOf", { name: g.name })}
                      onClick={() => setOpen(open === g.id ? null : g.id)}
                    >
                      <Users aria-hidden="true" className="h-4 w-4" /> {t("members")}
                      <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open === g.id ? "rotate-180" : ""}`} />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={tc("editName", { name: g.name })}
                      onClick={() => setEditing(g.id)}
                      disabled={change.busy}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" /> {tc("edit")}
                    </Button>
                    <ConfirmButton
                      size="sm"
                      variant="ghost"
                      aria-label={tc("deleteName", { name: g.name })}
                      disabled={change.busy}
                      message={t("deleteMessage", { name: g.name, count: g.memberCount })}
                      confirmLabel={t("deleteGroup", { name: g.name })}
                      onConfirm={() => change.mutate({ kind: "delete", id: g.id }, { onSuccess: () => setOpen(null) })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> {tc("delete")}
                    </ConfirmButton>
                  </div>
                </div>
              )}
              {open === g.id ? (
                <section
                  id={`group-panel-${g.id}`}
                  aria-label={t("membersOf", { name: g.name })}
                  className="rounded-md bg-zinc-50 p-3 dark:bg-zinc-900"
                >
                  <GroupMembers groupId={g.id} isAdmin viewerId={viewerId} />
                </section>
              ) : null}
            </li>
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{groups.isPending ? t("loading") : t("noGroups")}</p>
      )}
    </div>
  );
}
