"use client";

import { Merge, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { inputClass } from "@/components/ui/field";
import { AdminList, ChangeError, NameForm, NewItemSection, RowText } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { TagDto } from "@/lib/validation/responses";

/** Merge one tag into another chosen from the list. */
function MergeTag({ tag, others, busy, onMerge }: { tag: TagDto; others: TagDto[]; busy: boolean; onMerge: (intoId: number) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [into, setInto] = useState<number | "">("");
  const t = useTranslations("AdminContent");
  if (!open)
    return (
      <Button size="sm" variant="ghost" aria-label={t("mergeInto", { name: tag.name })} onClick={() => setOpen(true)} disabled={busy}>
        <Merge aria-hidden="true" className="h-4 w-4" /> {t("merge")}
      </Button>
    );
  return (
    <form
      aria-label={t("mergeName", { name: tag.name })}
      className="flex w-full flex-wrap items-end gap-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40"
      onSubmit={(e) => {
        e.preventDefault();
        if (into !== "") onMerge(into);
      }}
    >
      <label htmlFor={`${id}-into`} className="space-y-1">
        <span className="block font-medium">{t("mergeTagInto", { name: tag.name })}</span>
        <select
          id={`${id}-into`}
          required
          value={into}
          onChange={(e) => setInto(e.target.value ? Number(e.target.value) : "")}
          className={inputClass}
        >
          <option value="">{t("chooseTag")}</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {t("tagOption", { name: o.name, count: o.count ?? 0 })}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" type="submit" disabled={busy || into === ""}>
        {t("merge")}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
        {t("cancel")}
      </Button>
      <p className="w-full text-xs text-zinc-700 dark:text-zinc-300">{t("mergeNote", { name: tag.name })}</p>
    </form>
  );
}

/** /admin/tags: create, rename, merge and delete tags. */
export function AdminTags({ tags, keyword }: { tags: TagDto[]; keyword: string }) {
  const change = useAdminMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const tr = useTranslations("AdminContent");
  return (
    <div className="space-y-4">
      <NewItemSection id="new-tag" title={tr("newTag")}>
        <NameForm
          newLabel={tr("newTag")}
          submitLabel={tr("createTag")}
          busy={change.busy}
          onSubmit={(body) => change.mutate({ kind: "tag.create", body })}
        />
      </NewItemSection>
      <ChangeError error={change.error} />
      {tags.length ? (
        <AdminList label={tr("tagsLabel")}>
          {tags.map((t) => (
            <li key={t.id} className="space-y-2 p-3" data-testid="admin-tag">
              {editing === t.id ? (
                <NameForm
                  newLabel={tr("newTag")}
                  initial={t}
                  submitLabel={tr("save")}
                  busy={change.busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body) => change.mutate({ kind: "tag.update", id: t.id, body }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <RowText
                    title={`#${t.name}`}
                    detail={[tr("posts", { count: t.count ?? 0 }), ...(t.description ? [t.description] : [])].join(" · ")}
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={tr("renameName", { name: t.name })}
                      onClick={() => setEditing(t.id)}
                      disabled={change.busy}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" /> {tr("rename")}
                    </Button>
                    <MergeTag
                      tag={t}
                      others={tags.filter((o) => o.id !== t.id)}
                      busy={change.busy}
                      onMerge={(intoId) => change.mutate({ kind: "tag.merge", id: t.id, intoId })}
                    />
                    <ConfirmButton
                      size="sm"
                      variant="ghost"
                      aria-label={tr("deleteName", { name: t.name })}
                      disabled={change.busy}
                      message={tr("deleteTagMessage", { name: t.name, count: t.count ?? 0 })}
                      confirmLabel={tr("delete")}
                      onConfirm={() => change.mutate({ kind: "tag.delete", id: t.id })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> {tr("delete")}
                    </ConfirmButton>
                  </div>
                </div>
              )}
            </li>
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{keyword ? tr("noTagMatches", { keyword }) : tr("noTags")}</p>
      )}
    </div>
  );
}
