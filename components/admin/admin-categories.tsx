"use client";

import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { AdminList, ChangeError, NewItemSection, RowText } from "@/components/admin/admin-kit";
import { CategoryForm } from "@/components/admin/category-form";
import { CategoryIcon } from "@/components/posts/category-icon";
import { categoryTree } from "@/lib/category-tree";
import { useAdminMutation } from "@/components/admin/use-admin";
import {
  CategoryPermissionsButton,
  CategoryPermissionsLine,
  CategoryPermissionsPanel,
} from "@/components/groups/category-permissions-editor";
import type { CategoryDto, CategoryFullDto } from "@/lib/validation/responses";

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

/**
 * /admin/categories: create, edit (name, description, slug, colour, icon, parent), reorder (up/down,
 * among siblings) and delete categories; sub-categories listed under their parent (issue 57).
 */
export function AdminCategories({ categories }: { categories: CategoryFullDto[] }) {
  const change = useAdminMutation();
  const [editing, setEditing] = useState<number | null>(null);
  // Bumped by each create, so the new-category form starts empty again.
  const [created, setCreated] = useState(0);
  // The category whose permissions are being edited (issue 57).
  const [perms, setPerms] = useState<number | null>(null);
  const t = useTranslations("AdminContent");
  const tree = categoryTree(categories);
  // The rows as shown: each parent, then its sub-categories; the order saved is this one.
  const rows = tree.flatMap(({ category, children }) => [
    { c: category, siblings: tree.map((n) => n.category) },
    ...children.map((k) => ({ c: k, siblings: children })),
  ]);
  // Up/down among its siblings (the top level, or its parent's sub-categories); the full order is sent.
  const move = (c: CategoryFullDto, siblings: CategoryFullDto[], by: -1 | 1) => {
    const order = siblings.map((x) => x.id);
    const i = order.indexOf(c.id);
    [order[i], order[i + by]] = [order[i + by]!, order[i]!];
    const rank = new Map(order.map((id, n) => [id, n]));
    const reordered = (list: CategoryFullDto[]) =>
      list.some((x) => x.id === c.id) ? [...list].sort((x, y) => rank.get(x.id)! - rank.get(y.id)!) : list;
    const ids = reordered(tree.map((n) => n.category)).flatMap((p) => [
      p.id,
      ...reordered(tree.find((n) => n.category.id === p.id)?.children ?? []).map((k) => k.id),
    ]);
    change.mutate({ kind: "category.reorder", ids });
  };
  return (
    <div className="space-y-4">
      <NewItemSection id="new-category" title={t("newCategory")}>
        <CategoryForm
          key={created}
          newLabel={t("newCategory")}
          categories={categories}
          submitLabel={t("createCategory")}
          busy={change.busy}
          onSubmit={(body) => change.mutate({ kind: "category.create", body }, { onSuccess: () => setCreated((n) => n + 1) })}
        />
      </NewItemSection>
      <ChangeError error={change.error} />
      <AdminList ordered label={t("categoriesLabel")}>
        {rows.map(({ c, siblings }) => {
          const i = siblings.findIndex((x) => x.id === c.id);
          const sub = c.parentId !== null && categories.some((p) => p.id === c.parentId);
          const parent = sub ? categories.find((p) => p.id === c.parentId) : undefined;
          return (
            <li
              key={c.id}
              className={`space-y-2 p-3 ${sub ? "pl-8 sm:pl-12" : ""}`}
              data-testid="admin-category"
              data-parent={c.parentId ?? ""}
            >
              {editing === c.id ? (
                <CategoryForm
                  newLabel={t("newCategory")}
                  initial={c}
                  categories={categories}
                  submitLabel={t("save")}
                  busy={change.busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body) => change.mutate({ kind: "category.update", id: c.id, body }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="w-6 text-right text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{i + 1}.</span>
                  <CategoryIcon icon={c.icon} color={c.color} size="sm" />
                  <RowText
                    title={
                      <>
                        {c.name}
                        {c.slug ? (
                          <span className="font-mono text-xs font-normal text-zinc-600 dark:text-zinc-400">/c/{c.slug}</span>
                        ) : null}
                      </>
                    }
                    detail={
                      <>
                        {[
                          ...(parent ? [t("subcategoryOf", { name: parent.name })] : []),
                          t("posts", { count: c.count ?? 0 }),
                          ...(c.color ? [c.color] : []),
                          ...(c.description ? [c.description] : []),
                        ].join(" · ")}
                        <CategoryPermissionsLine categoryId={c.id} />
                      </>
                    }
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("moveUp", { name: c.name })}
                      disabled={change.busy || i === 0}
                      onClick={() => move(c, siblings, -1)}
                    >
                      <ArrowUp aria-hidden="true" className="h-4 w-4" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("moveDown", { name: c.name })}
                      disabled={change.busy || i === siblings.length - 1}
                      onClick={() => move(c, siblings, 1)}
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
                    <CategoryPermissionsButton
                      name={c.name}
                      open={perms === c.id}
                      onToggle={() => setPerms(perms === c.id ? null : c.id)}
                    />
                    <DeleteCategory
                      c={c}
                      others={categories.filter((o) => o.id !== c.id)}
                      busy={change.busy}
                      onDelete={(moveTo) => change.mutate({ kind: "category.delete", id: c.id, moveTo })}
                    />
                  </div>
                </div>
              )}
              {perms === c.id ? <CategoryPermissionsPanel categoryId={c.id} name={c.name} onDone={() => setPerms(null)} /> : null}
            </li>
          );
        })}
      </AdminList>
    </div>
  );
}
