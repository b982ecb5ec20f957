"use client";

import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/admin/admin-kit";
import { permissionWords } from "@/components/groups/permission-words";
import { useCategoryModerators, useCategoryPermissions, useGroups, useSetCategoryPermissions } from "@/components/groups/use-groups";
import { fieldErrors } from "@/lib/client/api-client";
import type { CategoryModeratorsDto, CategoryPermissionsDto, CategoryPermissionsInput } from "@/lib/validation/groups";

const ACTIONS = ["see", "post", "reply"] as const;
type Action = (typeof ACTIONS)[number];
const BUILT_IN = ["everyone", "members", "staff"] as const;

/** A category's permissions in words, from the query the editor shares (`groupKeys.categoryPermissions`). */
export function CategoryPermissionsLine({ categoryId }: { categoryId: number }) {
  const words = useTranslations("Categories");
  const t = useTranslations("Groups.permissions");
  const p = useCategoryPermissions(categoryId);
  const mods = useCategoryModerators(categoryId);
  if (!p.data) return null;
  return (
    // Blocks inside the row's line of details (a <p>).
    <>
      <span className="block" data-testid="category-permissions">
        {permissionWords(words as never, p.data)}
      </span>
      {mods.data?.groups.length ? (
        <span className="block" data-testid="category-moderators">
          {t("moderatedBy", { groups: mods.data.groups.map((g) => g.name).join(", ") })}
        </span>
      ) : null}
    </>
  );
}

/**
 * What is ticked, from the permissions as stored: an action at its default starts with nothing ticked
 * (the hint says what that means), so ticking a group restricts it to that group rather than adding the
 * group to everyone.
 */
const ticked = (p: CategoryPermissionsDto): Record<Action, Set<string>> => {
  const of = (a: Action) => new Set(p.defaults[a] ? [] : p[a].map((x) => x.principal));
  return { see: of("see"), post: of("post"), reply: of("reply") };
};

/**
 * Who may see a category, start posts and reply there: for each, any of everyone, members, staff and
 * the named groups (checkboxes). Saved with PUT /api/admin/categories/{id}/permissions; nothing ticked
 * restores the default (see: everyone; post and reply: members). Staff may always do everything, which
 * the form says. Below, the groups whose members moderate the category (PUT …/moderators).
 */
function PermissionsForm({
  categoryId,
  name,
  initial,
  moderators,
  onDone,
}: {
  categoryId: number;
  name: string;
  initial: CategoryPermissionsDto;
  moderators: CategoryModeratorsDto;
  onDone: () => void;
}) {
  const t = useTranslations("Groups.permissions");
  const id = useId();
  const groups = useGroups();
  const save = useSetCategoryPermissions(categoryId);
  const [value, setValue] = useState(() => ticked(initial));
  const [mods, setMods] = useState(() => new Set(moderators.groups.map((g) => g.id)));
  // Groups named by the rules even if the group list has not loaded (their labels come with the rules).
  const named = new Map<string, string>();
  for (const a of ACTIONS) for (const p of initial[a]) if (p.principal.startsWith("group:")) named.set(p.principal, p.label);
  for (const g of moderators.groups) named.set(`group:${g.id}`, g.name);
  for (const g of groups.data ?? []) named.set(`group:${g.id}`, g.name);
  const options = [
    ...BUILT_IN.map((b) => ({ value: b as string, label: t(`principal.${b}`) })),
    ...[...named].map(([value, label]) => ({ value, label })),
  ];
  const toggle = (a: Action, v: string, on: boolean) =>
    setValue((now) => {
      const next = new Set(now[a]);
      if (on) next.add(v);
      else next.delete(v);
      return { ...now, [a]: next };
    });
  return (
    <form
      aria-label={t("formLabel", { name })}
      className="space-y-3 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900"
      onSubmit={(e) => {
        e.preventDefault();
        const permissions: CategoryPermissionsInput = { see: [...value.see], post: [...value.post], reply: [...value.reply] };
        save.mutate({ permissions, moderators: [...mods] }, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map((a) => (
          <fieldset key={a} className="space-y-1.5" aria-describedby={`${id}-${a}-hint`}>
            <legend className="text-sm font-medium">{t(`action.${a}`)}</legend>
            {options.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-sky-700"
                  checked={value[a].has(o.value)}
                  onChange={(e) => toggle(a, o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
            <p id={`${id}-${a}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
              {t(a === "see" ? "noneSee" : "noneWrite")}
            </p>
          </fieldset>
        ))}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("staffNote")}</p>
      <fieldset className="space-y-1.5" aria-describedby={`${id}-mods-hint`}>
        <legend className="text-sm font-medium">{t("moderators")}</legend>
        {named.size ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1.5">
            {[...named].map(([value, label]) => {
              const groupId = Number(value.slice(6));
              return (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-sky-700"
                    checked={mods.has(groupId)}
                    onChange={(e) =>
                      setMods((now) => {
                        const next = new Set(now);
                        if (e.target.checked) next.add(groupId);
                        else next.delete(groupId);
                        return next;
                      })
                    }
                  />
                  {label}
                </label>
              );
            })}
          </div>
        ) : null}
        <p id={`${id}-mods-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {named.size ? t("moderatorsHint") : t("noGroupsYet")}
        </p>
      </fieldset>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fieldErrors(save.error).form ?? save.error.message}
        </p>
      ) : null}
      <FormActions submitLabel={t("save")} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** The row's "Permissions" button (the editor opens under the row: `CategoryPermissionsPanel`). */
export function CategoryPermissionsButton({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  const t = useTranslations("Groups.permissions");
  return (
    <Button size="sm" variant="ghost" aria-expanded={open} aria-label={t("editName", { name })} onClick={onToggle}>
      <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {t("button")}
    </Button>
  );
}

/** The editor of one category's permissions, once they are loaded. */
export function CategoryPermissionsPanel({ categoryId, name, onDone }: { categoryId: number; name: string; onDone: () => void }) {
  const p = useCategoryPermissions(categoryId);
  const m = useCategoryModerators(categoryId);
  return p.data && m.data ? (
    <PermissionsForm categoryId={categoryId} name={name} initial={p.data} moderators={m.data} onDone={onDone} />
  ) : null;
}
