"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { ChangeError } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { SiteConfigDto } from "@/lib/validation/responses";

const LIMIT_LABEL: Record<string, string> = {
  login: "Sign-in attempts",
  register: "Sign-ups per address",
  posts: "New posts",
  comments: "Comments",
  messages: "Direct messages",
  uploads: "Uploads",
  verifyResend: "Verification mails",
  forgotPassword: "Password-reset mails",
};

const per = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);

/** /admin/settings: publish mode, registration, flag threshold; the rate limits in force, read-only. */
export function AdminSettings({ config }: { config: SiteConfigDto }) {
  const id = useId();
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
    form.staffReadMessages !== config.staffReadMessages;
  return (
    <div className="space-y-6">
      <form
        aria-label="Site settings"
        className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          change.mutate({ kind: "settings.update", body: form }, { onSuccess: () => setSaved(true) });
        }}
      >
        <Field id={`${id}-publish`} label="Publish mode" hint="Review: new posts wait in the review queue until a moderator approves them.">
          <select
            id={`${id}-publish`}
            value={form.publishMode}
            onChange={(e) => setForm({ ...form, publishMode: e.target.value as SiteConfigDto["publishMode"] })}
            className={inputClass}
          >
            <option value="DIRECT">Direct: posts appear at once</option>
            <option value="REVIEW">Review: posts wait for a moderator</option>
          </select>
        </Field>
        <Field id={`${id}-reg`} label="Registration" hint="Closed: the sign-up page and POST /api/auth/register refuse new accounts.">
          <select
            id={`${id}-reg`}
            value={form.registrationMode}
            onChange={(e) => setForm({ ...form, registrationMode: e.target.value as SiteConfigDto["registrationMode"] })}
            className={inputClass}
          >
            <option value="OPEN">Open: anyone may sign up</option>
            <option value="CLOSED">Closed: no new accounts</option>
          </select>
        </Field>
        <Field
          id={`${id}-flags`}
          label="Flags that hide a post or comment"
          hint="Open flags from this many different members hide it until staff review it (1 to 100)."
        >
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
        <Field
          id={`${id}-renames`}
          label="Username changes"
          hint="Members change their username under Settings → Account; their old profile address keeps leading to them."
        >
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
              <option value="off">Not allowed</option>
              <option value="any">Allowed at any time</option>
              <option value="limited">Allowed once per …</option>
            </select>
            {form.usernameChangeDays ? (
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="number"
                  min={1}
                  max={3650}
                  step={1}
                  required
                  aria-label="Days between username changes"
                  value={form.usernameChangeDays}
                  onChange={(e) => setForm({ ...form, usernameChangeDays: Math.max(1, Number(e.target.value) || 1) })}
                  className={`${inputClass} max-w-24`}
                />
                days
              </label>
            ) : null}
          </div>
        </Field>
        <Field
          id={`${id}-dm-level`}
          label="Level to message members"
          hint="Direct messages: members below this level may message staff only (0 to 10; 0: everyone may)."
        >
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
              Staff may read members&apos; direct messages
            </label>
            <p id={`${id}-dm-staff-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
              For abuse reports: off by default. Every conversation a moderator or admin opens is written to the audit log.
            </p>
          </div>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Tags</legend>
          <Field
            id={`${id}-min-tags`}
            label="Tags a post needs"
            hint="The least number of tags on a post (0 to 5; 0: tags are optional). The editor tells members before they publish."
          >
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
          <Field
            id={`${id}-tag-creators`}
            label="Who may create new tags"
            hint="Others pick existing tags. Moderators and admins always may."
          >
            <select
              id={`${id}-tag-creators`}
              value={form.tagCreators}
              onChange={(e) => setForm({ ...form, tagCreators: e.target.value as SiteConfigDto["tagCreators"] })}
              className={inputClass}
            >
              <option value="EVERYONE">Every member</option>
              <option value="LEVEL">Members from a level</option>
              <option value="STAFF">Moderators and admins only</option>
            </select>
          </Field>
          {form.tagCreators === "LEVEL" ? (
            <Field
              id={`${id}-tag-level`}
              label="Level to create tags"
              hint="Levels come with experience (level 1 at 100 points, from posting, commenting and reacting); 0 to 6."
            >
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
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={change.busy || !dirty}>
            Save settings
          </Button>
          {saved && !dirty ? (
            <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              Saved.
            </span>
          ) : null}
        </div>
        <ChangeError error={change.error} />
      </form>

      <section aria-labelledby={`${id}-limits`} className="space-y-2">
        <h2 id={`${id}-limits`} className="font-semibold">
          Rate limits
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Set by the RATE_LIMIT_* environment variables (see the README); counted per member or per address.
        </p>
        <table className="w-full max-w-lg text-sm">
          <thead>
            <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
              <th scope="col" className="py-1.5 font-medium">
                Action
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Allowed
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(config.rateLimits).map(([k, v]) => (
              <tr key={k} className="border-b border-zinc-100 dark:border-zinc-900">
                <td className="py-1.5">{LIMIT_LABEL[k] ?? k}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {v.limit} per {per(v.windowSeconds)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
