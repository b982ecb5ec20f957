"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldError, Input, Select } from "@/components/ui/field";
import { signInWithPassword } from "@/lib/actions/auth";
import { api, fieldErrors } from "@/lib/client/api-client";
import { siteApi } from "@/lib/client/site-api";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locale";

type Errors = { form: string | null; fields: Record<string, string> };
const none: Errors = { form: null, fields: {} };

/** Step 1: creates the administrator with POST /api/setup, then signs the browser in and goes to step 2. */
export function SetupAdminForm({ token }: { token: string }) {
  const t = useTranslations("Setup");
  const ta = useTranslations("Auth");
  const [errors, setErrors] = useState<Errors>(none);
  const [busy, setBusy] = useState(false);
  const [, start] = useTransition();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    setBusy(true);
    setErrors(none);
    try {
      await siteApi.setup({ token, username, email: String(form.get("email") ?? ""), password });
    } catch (err) {
      setErrors(fieldErrors(err));
      setBusy(false);
      return;
    }
    const creds = new FormData();
    creds.set("username", username);
    creds.set("password", password);
    creds.set("callbackUrl", "/setup/site");
    start(async () => {
      const res = await signInWithPassword(undefined, creds);
      if (res?.error) setErrors({ form: res.error, fields: {} });
      setBusy(false);
    });
  }
  const f = errors.fields;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={t("adminTitle")}>
      <Field id="setup-username" label={ta("username")} error={f.username} hint={ta("usernameHint")}>
        <Input id="setup-username" name="username" autoComplete="username" required {...describedBy("setup-username", f.username)} />
      </Field>
      <Field id="setup-email" label={ta("email")} error={f.email}>
        <Input id="setup-email" name="email" type="email" autoComplete="email" required {...describedBy("setup-email", f.email)} />
      </Field>
      <Field id="setup-password" label={ta("password")} error={f.password} hint={ta("passwordHint")}>
        <Input
          id="setup-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("setup-password", f.password)}
        />
      </Field>
      <FieldError id="setup-error" message={errors.form && !Object.keys(f).length ? errors.form : null} />
      <Button type="submit" className="w-full" disabled={busy}>
        {t("adminSubmit")}
      </Button>
    </form>
  );
}

/** Step 2: the site's name, description and default language (PUT /api/admin/config). */
export function SetupSiteForm({ initial }: { initial: { siteName: string; siteDescription: string; defaultLanguage: Locale } }) {
  const t = useTranslations("Setup");
  const ti = useTranslations("SiteIdentity");
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>(none);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(none);
    try {
      await siteApi.saveIdentity({
        siteName: form.siteName || null,
        siteDescription: form.siteDescription || null,
        defaultLanguage: form.defaultLanguage,
      });
      router.push("/setup/categories");
    } catch (err) {
      setErrors(fieldErrors(err));
      setBusy(false);
    }
  }
  const f = errors.fields;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={t("siteTitle")}>
      <Field id="setup-name" label={ti("siteName")} error={f.siteName}>
        <Input
          id="setup-name"
          value={form.siteName}
          maxLength={60}
          required
          onChange={(e) => setForm({ ...form, siteName: e.target.value })}
          {...describedBy("setup-name", f.siteName)}
        />
      </Field>
      <Field id="setup-desc" label={ti("siteDescription")} hint={ti("siteDescriptionHint")} error={f.siteDescription}>
        <Input
          id="setup-desc"
          value={form.siteDescription}
          maxLength={200}
          onChange={(e) => setForm({ ...form, siteDescription: e.target.value })}
          {...describedBy("setup-desc", f.siteDescription)}
        />
      </Field>
      <Field id="setup-lang" label={ti("defaultLanguage")} hint={ti("defaultLanguageHint")}>
        <Select
          id="setup-lang"
          value={form.defaultLanguage}
          onChange={(e) => setForm({ ...form, defaultLanguage: e.target.value as Locale })}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </Select>
      </Field>
      <FieldError id="setup-site-error" message={errors.form && !Object.keys(f).length ? errors.form : null} />
      <Button type="submit" className="w-full" disabled={busy}>
        {t("next")}
      </Button>
    </form>
  );
}

/** Step 3: up to three first categories, each optional (POST /api/categories), then the home page. */
export function SetupCategoriesForm() {
  const t = useTranslations("Setup");
  const router = useRouter();
  const [names, setNames] = useState(["", "", ""]);
  const [errors, setErrors] = useState<Errors>(none);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(none);
    try {
      for (const name of names.map((n) => n.trim()).filter(Boolean)) await api.createCategory({ name, description: "" });
      router.push("/");
    } catch (err) {
      setErrors(fieldErrors(err));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={t("categoriesTitle")}>
      {names.map((n, i) => (
        <Field key={i} id={`setup-cat-${i}`} label={t("categoryN", { n: i + 1 })}>
          <Input
            id={`setup-cat-${i}`}
            value={n}
            maxLength={50}
            onChange={(e) => setNames(names.map((x, j) => (j === i ? e.target.value : x)))}
          />
        </Field>
      ))}
      <FieldError id="setup-cat-error" message={errors.form} />
      <Button type="submit" className="w-full" disabled={busy}>
        {t("finish")}
      </Button>
    </form>
  );
}
