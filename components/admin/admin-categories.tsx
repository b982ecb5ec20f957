"use client";

import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { AdminList, ChangeError, NameForm, NewItemSection, RowText } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { CategoryDto } from "@/lib/validation/responses";

/** Delete a category: at once when it has no posts, or after choosing where its posts go. */
function DeleteCategory({
  c,
  others,
  busy,
  onDelete,
}: {
  c: CategoryDto;
  others: CategoryDto[];
  busy: boolean;
  onDelete: (moveTo?: number) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [moveTo, setMoveTo] = useState<number | "">("");
  const t = useTranslations("AdminContent");
  if (!open)
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={t("deleteName", { name: c.name })} disabled={busy}>
        <Trash2 aria-hidden="true" className="h-4 w-4" /> {t("delete")}
      </Button>
    );
  return (
    <div
      role="group"
      aria-label={t("deleteName", { name: c.name })}
      className="flex w-full flex-wrap items-end gap-2 rounded-md bg-red-50 p-2 text-sm dark:bg-red-950/40"
    >
      <label htmlFor={`${id}-move`} className="space-y-1">
        <span className="block font-medium">{t("movePostsTo")}</span>
        <select
          id={`${id}-move`}
          value={moveTo}
          onChange={(e) => setMoveTo(e.target.value ? Number(e.target.value) : "")}
          className={inputClass}
        >
          <option value="">{t("moveNowhere")}</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => onDelete(moveTo === "" ? undefined : moveTo)}>
        {t("deleteName", { name: c.name })}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
        {t("cancel")}
      </Button>
    </div>
  );
}

/** /admin/categories: create, edit, reorder (up/down) and delete categories. */
export function AdminCategories({ categories }: { categories: CategoryDto[] }) {
  const change = useAdminMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const t = useTranslations("AdminContent");
  const move = (i: number, by: -1 | 1) => {
    const ids = categories.map((c) => c.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    change.mutate({ kind: "category.reorder", ids });
  };
  return (
    <div className="space-y-4">
      <NewItemSection id="new-category" title={t("newCategory")}>
        <NameForm
          newLabel={t("newCategory")}
          submitLabel={t("createCategory")}
          busy={change.busy}
          onSubmit={(body) => change.mutate({ kind: "category.create", body })}
        />
      </NewItemSection>
      <ChangeError error={change.error} />
      <AdminList ordered label={t("categoriesLabel")}>
        {categories.map((c, i) => (
          <li key={c.id} className="space-y-2 p-3" data-testid="admin-category">
            {editing === c.id ? (
              <NameForm
                newLabel={t("newCategory")}
                initial={c}
                submitLabel={t("save")}
                busy={change.busy}
                onCancel={() => setEditing(null)}
                onSubmit={(body) => change.mutate({ kind: "category.update", id: c.id, body }, { onSuccess: () => setEditing(null) })}
              />
            ) : (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="w-6 text-right text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{i + 1}.</span>
                <RowText
                  title={c.name}
                  detail={[t("posts", { count: c.count ?? 0 }), ...(c.description ? [c.description] : [])].join(" · ")}
                />
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("moveUp", { name: c.name })}
                    disabled={change.busy || i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("moveDown", { name: c.name })}
                    disabled={change.busy || i === categories.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("editName", { name: c.name })}
                    onClick={() => setEditing(c.id)}
                    disabled={change.busy}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" /> {t("edit")}
                  </Button>
                  <DeleteCategory
                    c={c}
                    others={categories.filter((o) => o.id !== c.id)}
                    busy={change.busy}
                    onDelete={(moveTo) => change.mutate({ kind: "category.delete", id: c.id, moveTo })}
                  />
                </div>
              </div>
            )}
          </li>
        ))}
      </AdminList>
    </div>
  );
}
