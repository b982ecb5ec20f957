"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { SPRITE_ICONS } from "@/components/ui/icon-names";
import { FormActions } from "@/components/admin/admin-kit";
import { CategoryIcon, isImageIcon, isNamedIcon } from "@/components/posts/category-icon";
import { UploadError, uploadImage } from "@/components/composer/upload";
import { accentProblem, HEX_COLOR } from "@/lib/site-accent";
import type { CategoryInput } from "@/lib/client/api-client";
import type { CategoryFullDto } from "@/lib/validation/responses";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A category's fields (issue 57 item 5): name, description, slug, colour (checked as it is typed, with
 * the site accent's rule: AA in both themes), icon (a named icon of the icon set, or an image uploaded
 * through the uploads' checks) and parent (a top-level category; not offered to one that has
 * sub-categories). The service checks all of it again.
 */
export function CategoryForm({
  initial,
  categories,
  submitLabel,
  onSubmit,
  onCancel,
  busy,
  newLabel,
}: {
  initial?: CategoryFullDto;
  /** Every category, for the parent choice. */
  categories: CategoryFullDto[];
  submitLabel: string;
  onSubmit: (v: CategoryInput) => void;
  onCancel?: () => void;
  busy: boolean;
  newLabel: string;
}) {
  const id = useId();
  const t = useTranslations("AdminContent");
  const [name, setName] = useState(initial?.name ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [slug, setSlug] = useState(initial?.slug ?? "");
  const [color, setColor] = useState(initial?.color ?? "");
  const [icon, setIcon] = useState(initial?.icon ?? "");
  const [parentId, setParentId] = useState<number | "">(initial?.parentId ?? "");
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const hasChildren = initial ? categories.some((c) => c.parentId === initial.id) : false;
  const parents = categories.filter((c) => c.parentId === null && c.id !== initial?.id);
  const colorText = color.trim();
  const colorFormat = colorText !== "" && !HEX_COLOR.test(colorText);
  const problem = colorText && !colorFormat ? accentProblem(colorText) : null;
  const colorError = colorFormat
    ? t("colorFormat")
    : problem
      ? t(problem.theme === "light" ? "colorContrastLight" : "colorContrastDark", {
          ratio: problem.ratio.toFixed(2),
          needed: problem.needed,
        })
      : null;
  const slugText = slug.trim();
  const slugError = slugText && (!SLUG.test(slugText) || /^[0-9]+$/.test(slugText)) ? t("slugFormat") : null;
  const iconChoice = icon === "" ? "" : isNamedIcon(icon) ? icon : isImageIcon(icon) ? "__image" : "__text";

  const upload = async (f: File) => {
    setUploadError(null);
    setUploading(true);
    try {
      setIcon(await uploadImage(f));
    } catch (e) {
      setUploadError(
        e instanceof UploadError && e.code === "notImage"
          ? t("iconNotImage")
          : e instanceof UploadError && e.code === "tooBig"
            ? t("iconTooBig")
            : t("iconUploadFailed"),
      );
    } finally {
      setUploading(false);
      if (file.current) file.current.value = "";
    }
  };

  return (
    <form
      className="space-y-3"
      aria-label={initial ? t("editName", { name: initial.name }) : newLabel}
      data-testid="category-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (colorError || slugError) return;
        onSubmit({
          name: name.trim(),
          description: description.trim(),
          icon,
          slug: slugText || null,
          color: colorText ? colorText.toLowerCase() : null,
          parentId: parentId === "" ? null : parentId,
        });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t("name")}>
          <input id={`${id}-name`} required maxLength={64} value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-desc`} label={t("description")}>
          <input
            id={`${id}-desc`}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-slug`} label={t("slug")} hint={t("slugHint")} error={slugError}>
          <input
            id={`${id}-slug`}
            maxLength={64}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            className={inputClass}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={slugError ? `${id}-slug-error` : `${id}-slug-hint`}
          />
        </Field>
        <Field id={`${id}-color`} label={t("color")} hint={t("colorHint")} error={colorError}>
          <span className="flex items-center gap-2">
            <input
              id={`${id}-color`}
              maxLength={7}
              value={color}
              onChange={(e) => setColor(e.target.value)}
              className={`${inputClass} font-mono`}
              aria-invalid={colorError ? true : undefined}
              aria-describedby={colorError ? `${id}-color-error` : `${id}-color-hint`}
            />
            <input
              type="color"
              aria-label={t("pickColor")}
              value={HEX_COLOR.test(colorText) ? colorText.toLowerCase() : "#0369a1"}
              onChange={(e) => setColor(e.target.value)}
              className="h-9 w-10 shrink-0 cursor-pointer rounded border border-zinc-300 bg-transparent dark:border-zinc-700"
            />
          </span>
        </Field>
        <Field id={`${id}-icon`} label={t("icon")}>
          <span className="flex flex-wrap items-center gap-2">
            <CategoryIcon icon={icon} color={colorError ? null : colorText || null} />
            <select
              id={`${id}-icon`}
              value={iconChoice}
              onChange={(e) => {
                const v = e.target.value;
                if (v === "" || (v !== "__image" && v !== "__text")) setIcon(v);
              }}
              className={`${inputClass} w-auto grow`}
            >
              <option value="">{t("iconNone")}</option>
              {iconChoice === "__image" ? <option value="__image">{t("iconUploaded")}</option> : null}
              {iconChoice === "__text" ? <option value="__text">{icon}</option> : null}
              {SPRITE_ICONS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <input
              ref={file}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="category-icon-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
            />
            <Button type="button" size="sm" variant="secondary" disabled={uploading || busy} onClick={() => file.current?.click()}>
              <Upload aria-hidden="true" className="h-4 w-4" /> {uploading ? t("uploading") : t("uploadIcon")}
            </Button>
          </span>
          {uploadError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {uploadError}
            </p>
          ) : null}
        </Field>
        <Field id={`${id}-parent`} label={t("parent")} hint={hasChildren ? t("parentHasChildren") : t("parentHint")}>
          <select
            id={`${id}-parent`}
            value={parentId}
            disabled={hasChildren}
            onChange={(e) => setParentId(e.target.value ? Number(e.target.value) : "")}
            className={inputClass}
            aria-describedby={`${id}-parent-hint`}
          >
            <option value="">{t("parentNone")}</option>
            {parents.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FormActions submitLabel={submitLabel} busy={busy || uploading} onCancel={onCancel} />
    </form>
  );
}
