"use client";

/* eslint-disable @next/next/no-img-element -- the preview is a local data URL */
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Avatar } from "@/components/ui/avatar";
import { MarkdownEditor } from "@/components/composer/markdown-editor";
import { checkImageFile, readAsDataUrl } from "@/components/composer/upload";
import { api, fieldErrors } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";
import type { MedalType } from "@/db/schema/enums";

type Props = {
  username: string;
  avatar: string;
  introduction: string;
  medals: MedalType[];
  chosenMedal: MedalType | null;
};

function Status({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  if (ok)
    return (
      <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
        {ok}
      </p>
    );
  return null;
}

/** Avatar (choose → preview → upload through POST /api/users/me/avatar). */
export function AvatarForm({ username, avatar }: Pick<Props, "username" | "avatar">) {
  const t = useTranslations("SettingsProfile");
  const router = useRouter();
  const qc = useQueryClient();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (dataUrl: string) => api.uploadAvatar(dataUrl),
    onSuccess: async () => {
      setPreview(null);
      await qc.invalidateQueries({ queryKey: userKeys.all });
      router.refresh();
    },
  });

  async function pick(file: File | undefined) {
    setPickError(null);
    upload.reset();
    if (!file) return;
    try {
      checkImageFile(file);
      setPreview(await readAsDataUrl(file));
    } catch (e) {
      setPickError(e instanceof Error ? e.message : t("readError"));
    }
  }

  return (
    <section aria-labelledby="avatar-heading" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="avatar-heading" className="text-lg font-semibold">
        {t("avatarHeading")}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <div className="text-center text-xs text-zinc-600 dark:text-zinc-400">
          <Avatar src={avatar} name={t("currentAvatar", { username })} size={72} />
          <p className="mt-1">{t("current")}</p>
        </div>
        {preview ? (
          <div className="text-center text-xs text-zinc-600 dark:text-zinc-400">
            <img
              src={preview}
              alt={t("previewAlt")}
              width={72}
              height={72}
              className="h-[72px] w-[72px] rounded-full object-cover ring-2 ring-sky-600"
              data-testid="avatar-preview"
            />
            <p className="mt-1">{t("new")}</p>
          </div>
        ) : null}
        <div className="flex flex-col gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 focus-within:outline-2 focus-within:outline-sky-600 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            <ImageUp aria-hidden="true" className="h-4 w-4" />
            {t("choose")}
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </label>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("imageHint")}</p>
        </div>
      </div>
      {preview ? (
        <div className="flex gap-2">
          <Button onClick={() => upload.mutate(preview)} disabled={upload.isPending}>
            {upload.isPending ? t("uploading") : t("saveAvatar")}
          </Button>
          <Button variant="ghost" onClick={() => setPreview(null)} disabled={upload.isPending}>
            {t("cancel")}
          </Button>
        </div>
      ) : null}
      <Status
        ok={upload.isSuccess ? t("avatarSaved") : null}
        error={pickError ?? (upload.error ? (fieldErrors(upload.error).form ?? upload.error.message) : null)}
      />
    </section>
  );
}

/** Introduction (markdown with preview) and the medal shown next to the name (PUT /api/users/me). */
export function ProfileDetailsForm({ introduction, medals, chosenMedal }: Pick<Props, "introduction" | "medals" | "chosenMedal">) {
  const t = useTranslations("SettingsProfile");
  const medalName = useTranslations("Medals");
  const router = useRouter();
  const qc = useQueryClient();
  const [intro, setIntro] = useState(introduction);
  const [medal, setMedal] = useState<MedalType | "">(chosenMedal ?? "");
  const save = useMutation({
    mutationFn: () => api.updateMe({ introduction: intro, displayMedal: medal || null }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      router.refresh();
    },
  });
  const errors = save.error ? fieldErrors(save.error) : null;

  return (
    <form
      aria-labelledby="details-heading"
      className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="details-heading" className="text-lg font-semibold">
        {t("aboutHeading")}
      </h2>
      <MarkdownEditor
        compact
        id="introduction"
        label={t("introduction")}
        value={intro}
        onChange={setIntro}
        error={errors?.fields.introduction}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("medalLegend")}</legend>
        {medals.length ? (
          <div className="flex flex-wrap gap-2">
            {[{ value: "" as const, label: t("medalAuto") }, ...medals.map((m) => ({ value: m, label: medalName(`${m}.label`) }))].map(
              (o) => (
                <label
                  key={o.value || "auto"}
                  className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-3 py-1.5 text-sm has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 dark:border-zinc-700 dark:has-[:checked]:bg-sky-950"
                >
                  <input
                    type="radio"
                    name="medal"
                    value={o.value}
                    checked={medal === o.value}
                    onChange={() => setMedal(o.value)}
                    className="accent-sky-700"
                  />
                  {o.label}
                </label>
              ),
            )}
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noMedal")}</p>
        )}
        {errors?.fields.displayMedal ? <p className="text-sm text-red-700 dark:text-red-400">{errors.fields.displayMedal}</p> : null}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
        <Status ok={save.isSuccess ? t("saved") : null} error={errors?.form} />
      </div>
    </form>
  );
}
