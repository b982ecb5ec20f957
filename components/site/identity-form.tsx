"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input, Select, Textarea } from "@/components/ui/field";
import { useReportPending } from "@/components/ui/progress-store";
import { fieldErrors } from "@/lib/client/api-client";
import { siteApi } from "@/lib/client/site-api";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locale";
import { accentProblem, HEX_COLOR } from "@/lib/site-accent";
import type { SiteConfigDto } from "@/lib/validation/responses";

/** What a save or upload sends. */
type Send<A, R> = { (a: A): Promise<R> };
type Link = { label: string; url: string; place: "header" | "footer" };
const MAX_LINKS = 5;

/** A chosen file as a data URL (the body POST /api/upload and the identity images take). */
const asDataUrl = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(f);
  });

function useRefreshingMutation<A, R>(fn: Send<A, R>) {
  const router = useRouter();
  const [refreshing, start] = useTransition();
  const m = useMutation({ mutationFn: fn, onSuccess: () => start(() => router.refresh()) });
  useReportPending(m.isPending || refreshing);
  return { ...m, busy: m.isPending || refreshing };
}

/** /admin/settings, "Site identity" (issue 61): name, description, accent, language, contact, logos, icon, banner, links. */
export function IdentityForm({ config }: { config: SiteConfigDto }) {
  const id = useId();
  const t = useTranslations("SiteIdentity");
  const [form, setForm] = useState({
    siteName: config.siteName ?? "",
    siteDescription: config.siteDescription ?? "",
    accentColor: config.accentColor ?? "",
    defaultLanguage: config.defaultLanguage,
    contactEmail: config.contactEmail ?? "",
    bannerMarkdown: config.bannerMarkdown ?? "",
    bannerAudience: config.bannerAudience,
    links: config.links as Link[],
  });
  const [saved, setSaved] = useState(false);
  const save = useRefreshingMutation(() =>
    siteApi.saveIdentity({
      ...form,
      siteName: form.siteName || null,
      siteDescription: form.siteDescription || null,
      accentColor: form.accentColor || null,
      contactEmail: form.contactEmail || null,
      bannerMarkdown: form.bannerMarkdown || null,
    }),
  );
  const errors = save.error ? fieldErrors(save.error) : { form: null, fields: {} as Record<string, string> };
  // Said as the admin types; the server refuses the same (400 naming accentColor).
  const problem = HEX_COLOR.test(form.accentColor) ? accentProblem(form.accentColor) : null;
  const accentError =
    errors.fields.accentColor ??
    (problem
      ? t(problem.theme === "light" ? "accentTooLight" : "accentTooDark", { ratio: problem.ratio.toFixed(2), needed: problem.needed })
      : null);
  const set = (patch: Partial<typeof form>) => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };

  return (
    <div className="space-y-6">
      <form
        aria-label={t("formLabel")}
        className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined, { onSuccess: () => setSaved(true) });
        }}
      >
        <h2 className="text-lg font-semibold">{t("heading")}</h2>
        <Field id={`${id}-name`} label={t("siteName")} hint={t("siteNameHint")} error={errors.fields.siteName}>
          <Input
            id={`${id}-name`}
            value={form.siteName}
            maxLength={60}
            onChange={(e) => set({ siteName: e.target.value })}
            {...describedBy(`${id}-name`, errors.fields.siteName)}
          />
        </Field>
        <Field id={`${id}-desc`} label={t("siteDescription")} hint={t("siteDescriptionHint")} error={errors.fields.siteDescription}>
          <Input
            id={`${id}-desc`}
            value={form.siteDescription}
            maxLength={200}
            onChange={(e) => set({ siteDescription: e.target.value })}
            {...describedBy(`${id}-desc`, errors.fields.siteDescription)}
          />
        </Field>
        <Field id={`${id}-accent`} label={t("accentColor")} hint={t("accentHint")} error={accentError}>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={t("accentPicker")}
              value={HEX_COLOR.test(form.accentColor) ? form.accentColor : "#0369a1"}
              onChange={(e) => set({ accentColor: e.target.value })}
              className="h-9 w-12 cursor-pointer rounded border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
            />
            <Input
              id={`${id}-accent`}
              value={form.accentColor}
              maxLength={7}
              className="max-w-32 font-mono"
              onChange={(e) => set({ accentColor: e.target.value.trim() })}
              {...describedBy(`${id}-accent`, accentError)}
            />
            {form.accentColor ? (
              <Button type="button" variant="secondary" size="sm" onClick={() => set({ accentColor: "" })}>
                {t("accentReset")}
              </Button>
            ) : null}
          </div>
        </Field>
        <Field id={`${id}-lang`} label={t("defaultLanguage")} hint={t("defaultLanguageHint")}>
          <Select
            id={`${id}-lang`}
            value={form.defaultLanguage}
            onChange={(e) => set({ defaultLanguage: e.target.value as typeof form.defaultLanguage })}
            className="max-w-64"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-contact`} label={t("contactEmail")} hint={t("contactEmailHint")} error={errors.fields.contactEmail}>
          <Input
            id={`${id}-contact`}
            type="email"
            value={form.contactEmail}
            onChange={(e) => set({ contactEmail: e.target.value })}
            {...describedBy(`${id}-contact`, errors.fields.contactEmail)}
          />
        </Field>
        <Field id={`${id}-banner`} label={t("banner")} hint={t("bannerHint")} error={errors.fields.bannerMarkdown}>
          <Textarea
            id={`${id}-banner`}
            rows={2}
            maxLength={2000}
            value={form.bannerMarkdown}
            onChange={(e) => set({ bannerMarkdown: e.target.value })}
            {...describedBy(`${id}-banner`, errors.fields.bannerMarkdown)}
          />
        </Field>
        <Field id={`${id}-audience`} label={t("bannerAudience")}>
          <Select
            id={`${id}-audience`}
            value={form.bannerAudience}
            onChange={(e) => set({ bannerAudience: e.target.value as typeof form.bannerAudience })}
            className="max-w-64"
          >
            <option value="ALL">{t("audienceAll")}</option>
            <option value="VISITORS">{t("audienceVisitors")}</option>
            <option value="MEMBERS">{t("audienceMembers")}</option>
          </Select>
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("links", { max: MAX_LINKS })}</legend>
          {form.links.map((l, i) => (
            <div key={i} className="flex flex-wrap items-center gap-2" data-testid="link-row">
              <Input
                aria-label={t("linkLabel", { n: i + 1 })}
                value={l.label}
                maxLength={40}
                className="max-w-40"
                onChange={(e) => set({ links: form.links.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })}
              />
              <Input
                aria-label={t("linkUrl", { n: i + 1 })}
                value={l.url}
                className="max-w-72"
                onChange={(e) => set({ links: form.links.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)) })}
              />
              <Select
                aria-label={t("linkPlace", { n: i + 1 })}
                value={l.place}
                className="max-w-32"
                onChange={(e) => set({ links: form.links.map((x, j) => (j === i ? { ...x, place: e.target.value as Link["place"] } : x)) })}
              >
                <option value="header">{t("placeHeader")}</option>
                <option value="footer">{t("placeFooter")}</option>
              </Select>
              <Button type="button" variant="secondary" size="sm" onClick={() => set({ links: form.links.filter((_, j) => j !== i) })}>
                {t("linkRemove")}
              </Button>
            </div>
          ))}
          <FieldError id={`${id}-links-error`} message={Object.entries(errors.fields).find(([k]) => k.startsWith("links"))?.[1]} />
          {form.links.length < MAX_LINKS ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => set({ links: [...form.links, { label: "", url: "", place: "footer" }] })}
            >
              {t("linkAdd")}
            </Button>
          ) : null}
        </fieldset>
        <FieldError id={`${id}-error`} message={errors.form && !Object.keys(errors.fields).length ? errors.form : null} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={save.busy || !!problem}>
            {t("save")}
          </Button>
          {saved && !save.busy ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {t("saved")}
            </p>
          ) : null}
        </div>
      </form>
      <ImagesForm config={config} />
    </div>
  );
}

/** The logos and the app icon: each uploaded on its own (the uploads' checks apply), shown, removable. */
function ImagesForm({ config }: { config: SiteConfigDto }) {
  const t = useTranslations("SiteIdentity");
  const upload = useRefreshingMutation(async ({ kind, file }: { kind: string; file: File | null }) =>
    file ? siteApi.uploadImage(kind, await asDataUrl(file)) : siteApi.clearImage(kind),
  );
  const error = upload.error ? fieldErrors(upload.error).form : null;
  const rows = [
    { kind: "logo-light", label: t("logoLight"), url: config.logoLightUrl, dark: false },
    { kind: "logo-dark", label: t("logoDark"), url: config.logoDarkUrl, dark: true },
    { kind: "icon", label: t("icon"), url: config.iconUrls["192"] ?? null, dark: false },
  ];
  return (
    <section aria-labelledby="identity-images" className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="identity-images" className="text-lg font-semibold">
        {t("images")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("imagesHint")}</p>
      {rows.map((r) => (
        <div key={r.kind} className="flex flex-wrap items-center gap-3" data-testid={`image-${r.kind}`}>
          <span className="w-36 text-sm font-medium">{r.label}</span>
          <span
            className={`inline-flex h-12 min-w-12 items-center justify-center rounded border border-zinc-200 px-1 dark:border-zinc-700 ${r.dark ? "bg-zinc-950" : "bg-white"}`}
          >
            {r.url ? (
              // eslint-disable-next-line @next/next/no-img-element -- a preview of the stored file
              <img src={r.url} alt={t("current", { what: r.label })} className="h-10 w-auto max-w-40" />
            ) : (
              // The dark logo's slot is dark in both themes: zinc-400 has 4.5:1 on it, zinc-500 only 4.1.
              <span className={`text-xs ${r.dark ? "text-zinc-400" : "text-zinc-500"}`}>{t("none")}</span>
            )}
          </span>
          <label className="btn btn-secondary btn-sm cursor-pointer focus-within:outline-2 focus-within:outline-sky-600">
            {t("choose")}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="sr-only"
              aria-label={t("upload", { what: r.label })}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate({ kind: r.kind, file });
                e.target.value = "";
              }}
            />
          </label>
          {r.url ? (
            <Button type="button" variant="secondary" size="sm" onClick={() => upload.mutate({ kind: r.kind, file: null })}>
              {t("remove")}
            </Button>
          ) : null}
        </div>
      ))}
      <FieldError id="identity-images-error" message={error} />
    </section>
  );
}
