"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { SuspendForm } from "@/components/admin/suspend-form";
import { useAdminMutation } from "@/components/admin/use-admin";
import { useHumanDate } from "@/components/admin/dates";
import type { AdminUserDto } from "@/lib/validation/admin-users";

const ROLES: AdminUserDto["role"][] = ["USER", "MODERATOR", "ADMIN"];

/**
 * A member's admin page: suspend (reason and length), lift a suspension, change the role — each behind
 * the same inline confirmation. The API decides who may (bots are never suspended) and writes the audit entry.
 */
export function AdminUserActions({ user, can, bot }: { user: AdminUserDto; can: { suspend: boolean; changeRole: boolean }; bot: boolean }) {
  const id = useId();
  const change = useAdminMutation();
  const [role, setRole] = useState(user.role);
  const t = useTranslations("AdminUser");
  const ta = useTranslations("Admin");
  const humanDate = useHumanDate();
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${id}-susp`} className="space-y-2">
        <h2 id={`${id}-susp`} className="font-semibold">
          {t("suspension")}
        </h2>
        {bot ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("botsCannot")}</p>
        ) : user.suspendedUntil ? (
          <>
            <p className="text-sm">
              {t.rich("suspendedUntil", { date: humanDate(user.suspendedUntil), strong: (c) => <strong>{c}</strong> })}
              {user.suspendedReason ? t("suspendedReason", { reason: user.suspendedReason }) : null}
            </p>
            {can.suspend ? (
              <ConfirmButton
                tone="primary"
                disabled={change.busy}
                message={t("liftMessage", { username: user.username })}
                confirmLabel={change.busy ? t("lifting") : t("liftConfirm")}
                onConfirm={() => change.mutate({ kind: "user.unsuspend", id: user.id })}
              >
                {t("lift")}
              </ConfirmButton>
            ) : null}
          </>
        ) : can.suspend ? (
          <SuspendForm
            username={user.username}
            busy={change.busy}
            error={null}
            onSuspend={(r) => change.mutate({ kind: "user.suspend", id: user.id, ...r })}
          />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("cannotSuspend")}</p>
        )}
      </section>

      {can.changeRole ? (
        <section aria-labelledby={`${id}-role`} className="space-y-2">
          <h2 id={`${id}-role`} className="font-semibold">
            {t("role")}
          </h2>
          <label htmlFor={`${id}-role-select`} className="sr-only">
            {t("roleOf", { username: user.username })}
          </label>
          <select
            id={`${id}-role-select`}
            value={role}
            disabled={change.busy}
            onChange={(e) => setRole(e.target.value as AdminUserDto["role"])}
            className={`${inputClass} sm:w-48`}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ta(`role.${r}`)}
              </option>
            ))}
          </select>
          {role !== user.role ? (
            <div className="flex flex-wrap gap-2">
              <ConfirmButton
                tone="primary"
                disabled={change.busy}
                message={
                  <>
                    {ta(`role.${user.role}`)} → <strong>{ta(`role.${role}`)}</strong>
                    {t("roleChangeEnd")} {role === "USER" ? t("roleLoses") : t("roleGets")}
                  </>
                }
                confirmLabel={t("makeRole", { username: user.username, role })}
                onConfirm={() => change.mutate({ kind: "user.role", id: user.id, role })}
              >
                {t("changeRole")}
              </ConfirmButton>
              <button type="button" className="text-sm underline" onClick={() => setRole(user.role)}>
                {t("keepRole", { role: user.role })}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      {change.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {change.error.message}
        </p>
      ) : null}
    </div>
  );
}
