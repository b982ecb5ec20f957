"use client";

import { Merge, Pencil, Trash2 } from "lucide-react";
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
  if (!open)
    return (
      <Button size="sm" variant="ghost" aria-label={`Merge ${tag.name} into another tag`} onClick={() => setOpen(true)} disabled={busy}>
        <Merge aria-hidden="true" className="h-4 w-4" /> Merge
      </Button>
    );
  return (
    <form
      aria-label={`Merge ${tag.name}`}
      className="flex w-full flex-wrap items-end gap-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40"
      onSubmit={(e) => {
        e.preventDefault();
        if (into !== "") onMerge(into);
      }}
    >
      <label htmlFor={`${id}-into`} className="space-y-1">
        <span className="block font-medium">Merge #{tag.name} into</span>
        <select
          id={`${id}-into`}
          required
          value={into}
          onChange={(e) => setInto(e.target.value ? Number(e.target.value) : "")}
          className={inputClass}
        >
          <option value="">Choose a tag</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              #{o.name} ({o.count})
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" type="submit" disabled={busy || into === ""}>
        Merge
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
        Cancel
      </Button>
      <p className="w-full text-xs text-zinc-700 dark:text-zinc-300">Its posts get the chosen tag, then #{tag.name} is removed.</p>
    </form>
  );
}

/** /admin/tags: create, rename, merge and delete tags. */
export function AdminTags({ tags, keyword }: { tags: TagDto[]; keyword: string }) {
  const change = useAdminMutation();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="space-y-4">
      <NewItemSection id="new-tag" title="New tag">
        <NameForm what="tag" submitLabel="Create tag" busy={change.busy} onSubmit={(body) => change.mutate({ kind: "tag.create", body })} />
      </NewItemSection>
      <ChangeError error={change.error} />
      {tags.length ? (
        <AdminList label="Tags">
          {tags.map((t) => (
            <li key={t.id} className="space-y-2 p-3" data-testid="admin-tag">
              {editing === t.id ? (
                <NameForm
                  what="tag"
                  initial={t}
                  submitLabel="Save"
                  busy={change.busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body) => change.mutate({ kind: "tag.update", id: t.id, body }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <RowText
                    title={`#${t.name}`}
                    detail={`${t.count} ${t.count === 1 ? "post" : "posts"}${t.description ? ` · ${t.description}` : ""}`}
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Rename ${t.name}`}
                      onClick={() => setEditing(t.id)}
                      disabled={change.busy}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" /> Rename
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
                      aria-label={`Delete ${t.name}`}
                      disabled={change.busy}
                      message={`Delete #${t.name}? It is removed from its ${t.count === 1 ? "post" : `${t.count} posts`}.`}
                      confirmLabel="Delete"
                      onConfirm={() => change.mutate({ kind: "tag.delete", id: t.id })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
                    </ConfirmButton>
                  </div>
                </div>
              )}
            </li>
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{keyword ? `No tag matches “${keyword}”.` : "No tags yet."}</p>
      )}
    </div>
  );
}
