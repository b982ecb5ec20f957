"use client";

/* eslint-disable @next/next/no-img-element -- good images are admin-supplied URLs */
import { Archive, ArchiveRestore, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field, inputClass } from "@/components/ui/field";
import { AdminList, ChangeError, FormActions, NewItemSection, RowText } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { GoodInput } from "@/lib/client/api-client";
import type { PointGoodDto } from "@/lib/validation/responses";

function GoodForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: GoodInput;
  submitLabel: string;
  busy: boolean;
  onSubmit: (g: GoodInput) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const t = useTranslations("AdminContent");
  const [g, setG] = useState<GoodInput>(initial ?? { name: "", cost: 100, image: "", description: "" });
  const set = (k: keyof GoodInput) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setG({ ...g, [k]: k === "cost" ? Number(e.target.value) : e.target.value });
  return (
    <form
      aria-label={initial ? t("editName", { name: initial.name }) : t("newGood")}
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ ...g, name: g.name.trim(), description: g.description.trim(), image: g.image.trim() });
      }}
    >
      <Field id={`${id}-name`} label={t("name")}>
        <input id={`${id}-name`} required maxLength={100} value={g.name} onChange={set("name")} className={inputClass} />
      </Field>
      <Field id={`${id}-cost`} label={t("cost")}>
        <input
          id={`${id}-cost`}
          type="number"
          required
          min={0}
          max={1_000_000_000}
          step={1}
          value={g.cost}
          onChange={set("cost")}
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-image`} label={t("image")}>
        <input
          id={`${id}-image`}
          maxLength={2000}
          value={g.image}
          onChange={set("image")}
          className={inputClass}
          placeholder={t("imagePlaceholder")}
        />
      </Field>
      <Field id={`${id}-desc`} label={t("descriptionOptional")}>
        <input id={`${id}-desc`} maxLength={2000} value={g.description} onChange={set("description")} className={inputClass} />
      </Field>
      <FormActions submitLabel={submitLabel} busy={busy} onCancel={onCancel} className="flex gap-2 sm:col-span-2" />
    </form>
  );
}

/** /admin/goods: the point shop's goods: create, edit, retire (out of the shop, history kept), delete. */
export function AdminGoods({ goods }: { goods: PointGoodDto[] }) {
  const change = useAdminMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const t = useTranslations("AdminContent");
  return (
    <div className="space-y-4">
      <NewItemSection id="new-good" title={t("newGood")}>
        <GoodForm submitLabel={t("createGood")} busy={change.busy} onSubmit={(body) => change.mutate({ kind: "good.create", body })} />
      </NewItemSection>
      <ChangeError error={change.error} />
      {goods.length ? (
        <AdminList label={t("goodsLabel")}>
          {goods.map((g) => (
            <li key={g.id} className="space-y-2 p-3" data-testid="admin-good">
              {editing === g.id ? (
                <GoodForm
                  initial={g}
                  submitLabel={t("save")}
                  busy={change.busy}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body) => change.mutate({ kind: "good.update", id: g.id, body }, { onSuccess: () => setEditing(null) })}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  {g.image ? (
                    <img src={g.image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded object-cover" />
                  ) : null}
                  <RowText
                    title={
                      <>
                        {g.name} {g.retired ? <Badge tone="warning">{t("retired")}</Badge> : null}
                      </>
                    }
                    detail={[t("points", { count: g.cost }), ...(g.description ? [g.description] : [])].join(" · ")}
                  />
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("editName", { name: g.name })}
                      onClick={() => setEditing(g.id)}
                      disabled={change.busy}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" /> {t("edit")}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={g.retired ? t("offerName", { name: g.name }) : t("retireName", { name: g.name })}
                      onClick={() => change.mutate({ kind: "good.update", id: g.id, body: { retired: !g.retired } })}
                      disabled={change.busy}
                    >
                      {g.retired ? (
                        <ArchiveRestore aria-hidden="true" className="h-4 w-4" />
                      ) : (
                        <Archive aria-hidden="true" className="h-4 w-4" />
                      )}
                      {g.retired ? t("offer") : t("retire")}
                    </Button>
                    <ConfirmButton
                      size="sm"
                      variant="ghost"
                      aria-label={t("deleteName", { name: g.name })}
                      disabled={change.busy}
                      message={t("deleteGoodMessage", { name: g.name })}
                      confirmLabel={t("delete")}
                      onConfirm={() => change.mutate({ kind: "good.delete", id: g.id })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> {t("delete")}
                    </ConfirmButton>
                  </div>
                </div>
              )}
            </li>
          ))}
        </AdminList>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noGoods")}</p>
      )}
    </div>
  );
}
