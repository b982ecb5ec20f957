"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SaveBar } from "@/components/admin/admin-kit";
import { useAdminMutation } from "@/components/admin/use-admin";
import { inputClass } from "@/components/ui/field";
import type { SiteConfigDto } from "@/lib/validation/responses";

type Limits = SiteConfigDto["rateLimits"];
type Action = keyof Limits;

// The bounds PUT /api/admin/config checks (lib/validation/rate-limits.ts); the browser says them first.
const MAX_LIMIT = 1_000_000;
const MAX_WINDOW = 86_400;

/** A window as its largest whole unit: 3600 → hours 1. */
const per = (s: number) => (s % 3600 === 0 ? { unit: "h", n: s / 3600 } : s % 60 === 0 ? { unit: "min", n: s / 60 } : { unit: "s", n: s });

/** /admin/settings: every action's rate limit and window (PUT /api/admin/config `rateLimits`). */
export function RateLimitSettings({ limits }: { limits: Limits }) {
  const id = useId();
  const t = useTranslations("AdminSettings");
  const format = useFormatter();
  const change = useAdminMutation();
  const [form, setForm] = useState<Limits>(limits);
  const [saved, setSaved] = useState(false);
  const actions = Object.keys(limits) as Action[];
  const changed = actions.filter((a) => form[a].limit !== limits[a].limit || form[a].windowSeconds !== limits[a].windowSeconds);
  const set = (a: Action, field: "limit" | "windowSeconds", value: number) => setForm({ ...form, [a]: { ...form[a], [field]: value } });
  return (
    <form
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        const rateLimits = Object.fromEntries(changed.map((a) => [a, form[a]]));
        change.mutate({ kind: "settings.update", body: { rateLimits } }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div>
        <h2 id={`${id}-h`} className="font-semibold">
          {t("rateLimits")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("rateLimitsNote")}</p>
      </div>
      <table className="w-full max-w-2xl text-sm">
        <thead>
          <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
            <th scope="col" className="py-1.5 font-medium">
              {t("action")}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t("allowed")}
            </th>
            <th scope="col" className="py-1.5 font-medium">
              {t("window")}
            </th>
            <th scope="col" className="py-1.5">
              <span className="sr-only">{t("rateLimits")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => {
            const action = t(`limit.${a}`);
            const v = form[a];
            const valid = v.limit >= 1 && v.limit <= MAX_LIMIT && v.windowSeconds >= 1 && v.windowSeconds <= MAX_WINDOW;
            return (
              <tr key={a} className="border-b border-zinc-100 dark:border-zinc-900">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {action}
                </th>
                <NumberCell max={MAX_LIMIT} label={t("limitOf", { action })} value={v.limit} onChange={(n) => set(a, "limit", n)} />
                <NumberCell
                  max={MAX_WINDOW}
                  label={t("windowOf", { action })}
                  value={v.windowSeconds}
                  onChange={(n) => set(a, "windowSeconds", n)}
                />
                <td className="py-1.5 text-right text-zinc-600 tabular-nums dark:text-zinc-400">
                  {valid ? t("perWindow", { limit: format.number(v.limit), ...per(v.windowSeconds) }) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <SaveBar
        label={t("saveLimits")}
        savedLabel={t("saved")}
        busy={change.busy}
        dirty={changed.length > 0}
        saved={saved}
        error={change.error}
      />
    </form>
  );
}

/** One whole number from 1 to `max` in a table cell. */
function NumberCell({ max, label, value, onChange }: { max: number; label: string; value: number; onChange: (n: number) => void }) {
  return (
    <td className="py-1.5 pr-2">
      <input
        type="number"
        min={1}
        max={max}
        step={1}
        required
        aria-label={label}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={`${inputClass} max-w-28`}
      />
    </td>
  );
}
