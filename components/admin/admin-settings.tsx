"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Field, inputClass } from "@/components/ui/field";
import { SaveBar } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { SiteConfigDto } from "@/lib/validation/responses";

/** /admin/settings: publish mode, registration, flag threshold, usernames, messages, staff sign-in, tags. */
export function AdminSettings({ config }: { config: SiteConfigDto }) {
  const id = useId();
  const t = useTranslations("AdminSettings");
  const change = useAdminMutation();
  const [form, setForm] = useState({
    publishMode: config.publishMode,
    registrationMode: config.registrationMode,
    flagHideThreshold: config.flagHideThreshold,
    usernameChangeDays: config.usernameChangeDays,
    minPostTags: config.minPostTags,
    tagCreators: config.tagCreators,
    tagCreateMinLevel: config.tagCreateMinLevel,
    messageMinLevel: config.messageMinLevel,
    staffReadMessages: config.staffReadMessages,
    staffTwoFactor: config.staffTwoFactor,
    ssoOnly: config.ssoOnly,
  });
  const [saved, setSaved] = useState(false);
  const dirty =
    form.publishMode !== config.publishMode ||
    form.registrationMode !== config.registrationMode ||
    form.flagHideThreshold !== config.flagHideThreshold ||
    form.usernameChangeDays !== config.usernameChangeDays ||
    form.minPostTags !== config.minPostTags ||
    form.tagCreators !== config.tagCreators ||
    form.tagCreateMinLevel !== config.tagCreateMinLevel ||
    form.messageMinLevel !== config.messageMinLevel ||
    form.staffReadMessages !== config.staffReadMessages ||
    form.staffTwoFactor !== config.staffTwoFactor ||
    form.ssoOnly !== config.ssoOnly;
  return (
    <div className="space-y-6">
      <form
        aria-label={t("formLabel")}
        className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          change.mutate({ kind: "settings.update", body: form }, { onSuccess: () => setSaved(true) });
        }}
      >
        <Field id={`${id}-publish`} label={t("publishMode")} hint={t("publishModeHint")}>
          <select
            id={`${id}-publish`}
            value={form.publishMode}
            onChange={(e) => setForm({ ...form, publishMode: e.target.value as SiteConfigDto["publishMode"] })}
            className={inputClass}
          >
            <option value="DIRECT">{t("publishDirect")}</option>
            <option value="REVIEW">{t("publishReview")}</option>
          </select>
        </Field>
        <Field id={`${id}-reg`} label={t("registration")} hint={t("registrationHint")}>
          <select
            id={`${id}-reg`}
            value={form.registrationMode}
            onChange={(e) => setForm({ ...form, registrationMode: e.target.value as SiteConfigDto["registrationMode"] })}
            className={inputClass}
          >
            <option value="OPEN">{t("registrationOpen")}</option>
            <option value="CLOSED">{t("registrationClosed")}</option>
          </select>
        </Field>
        <Field id={`${id}-flags`} label={t("flagThreshold")} hint={t("flagThresholdHint")}>
          <input
            id={`${id}-flags`}
            type="number"
            min={1}
            max={100}
            step={1}
            required
            value={form.flagHideThreshold}
            onChange={(e) => setForm({ ...form, flagHideThreshold: Number(e.target.value) })}
            className={`${inputClass} max-w-32`}
          />
        </Field>
        <Field id={`${id}-renames`} label={t("usernameChanges")} hint={t("usernameChangesHint")}>
          <div className="flex flex-wrap items-center gap-2">
            <select
              id={`${id}-renames`}
              value={form.usernameChangeDays === null ? "off" : form.usernameChangeDays === 0 ? "any" : "limited"}
              onChange={(e) =>
                setForm({
                  ...form,
                  usernameChangeDays: e.target.value === "off" ? null : e.target.value === "any" ? 0 : config.usernameChangeDays || 30,
                })
              }
              className={`${inputClass} max-w-64`}
            >
              <option value="off">{t("renameOff")}</option>
              <option value="any">{t("renameAny")}</option>
              <option value="limited">{t("renameLimited")}</option>
            </select>
            {form.usernameChangeDays ? (
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="number"
                  min={1}
                  max={3650}
                  step={1}
                  required
                  aria-label={t("renameDaysLabel")}
                  value={form.usernameChangeDays}
                  onChange={(e) => setForm({ ...form, usernameChangeDays: Math.max(1, Number(e.target.value) || 1) })}
                  className={`${inputClass} max-w-24`}
                />
                {t("days")}
              </label>
            ) : null}
          </div>
        </Field>
        <Field id={`${id}-dm-level`} label={t("messageLevel")} hint={t("messageLevelHint")}>
          <input
            id={`${id}-dm-level`}
            type="number"
            min={0}
            max={10}
            step={1}
            required
            value={form.messageMinLevel}
            onChange={(e) => setForm({ ...form, messageMinLevel: Number(e.target.value) })}
            className={`${inputClass} max-w-32`}
          />
        </Field>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-dm-staff`}
            type="checkbox"
            checked={form.staffReadMessages}
            onChange={(e) => setForm({ ...form, staffReadMessages: e.target.checked })}
            aria-describedby={`${id}-dm-staff-hint`}
            className="mt-1 h-4 w-4"
          />
          <div>
            <label htmlFor={`${id}-dm-staff`} className="text-sm font-medium">
              {t("staffReadMessages")}
            </label>
            <p id={`${id}-dm-staff-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
              {t("staffReadMessagesHint")}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-staff-2fa`}
            type="checkbox"
            checked={form.staffTwoFactor}
            onChange={(e) => setForm({ ...form, staffTwoFactor: e.target.checked })}
            aria-describedby={`${id}-staff-2fa-hint`}
            className="mt-1 h-4 w-4"
          />
          <div>
            <label htmlFor={`${id}-staff-2fa`} className="text-sm font-medium">
              {t("staffTwoFactor")}
            </label>
            <p id={`${id}-staff-2fa-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
              {t("staffTwoFactorHint")}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-sso-only`}
            type="checkbox"
            checked={form.ssoOnly}
            // Without a provider it would leave only the admins able to sign in (the server refuses it too).
            disabled={!config.ssoAvailable && !form.ssoOnly}
            onChange={(e) => setForm({ ...form, ssoOnly: e.target.checked })}
            aria-describedby={`${id}-sso-only-hint`}
            className="mt-1 h-4 w-4"
          />
          <div>
            <label htmlFor={`${id}-sso-only`} className="text-sm font-medium">
              {t("ssoOnly")}
            </label>
            <p id={`${id}-sso-only-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
              {config.ssoAvailable ? t("ssoOnlyHint") : t("ssoOnlyUnavailable")}
            </p>
          </div>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t("tags")}</legend>
          <Field id={`${id}-min-tags`} label={t("minTags")} hint={t("minTagsHint")}>
            <input
              id={`${id}-min-tags`}
              type="number"
              min={0}
              max={5}
              step={1}
              required
              value={form.minPostTags}
              onChange={(e) => setForm({ ...form, minPostTags: Number(e.target.value) })}
              className={`${inputClass} max-w-32`}
            />
          </Field>
          <Field id={`${id}-tag-creators`} label={t("tagCreators")} hint={t("tagCreatorsHint")}>
            <select
              id={`${id}-tag-creators`}
              value={form.tagCreators}
              onChange={(e) => setForm({ ...form, tagCreators: e.target.value as SiteConfigDto["tagCreators"] })}
              className={inputClass}
            >
              <option value="EVERYONE">{t("creatorsEveryone")}</option>
              <option value="LEVEL">{t("creatorsLevel")}</option>
              <option value="STAFF">{t("creatorsStaff")}</option>
            </select>
          </Field>
          {form.tagCreators === "LEVEL" ? (
            <Field id={`${id}-tag-level`} label={t("tagLevel")} hint={t("tagLevelHint")}>
              <input
                id={`${id}-tag-level`}
                type="number"
                min={0}
                max={6}
                step={1}
                required
                value={form.tagCreateMinLevel}
                onChange={(e) => setForm({ ...form, tagCreateMinLevel: Number(e.target.value) })}
                className={`${inputClass} max-w-32`}
              />
            </Field>
          ) : null}
        </fieldset>
        <SaveBar label={t("save")} savedLabel={t("saved")} busy={change.busy} dirty={dirty} saved={saved} error={change.error} />
      </form>
    </div>
  );
}
