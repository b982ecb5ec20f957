"use client";

import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { SuspendForm } from "@/components/admin/suspend-form";
import { useAdminMutation } from "@/components/admin/use-admin";
import { humanDateText } from "@/components/admin/dates";
import type { AdminUserDto } from "@/lib/validation/admin-users";

const ROLES: { role: AdminUserDto["role"]; label: string }[] = [
  { role: "USER", label: "Member" },
  { role: "MODERATOR", label: "Moderator" },
  { role: "ADMIN", label: "Admin" },
];
const roleLabel = (r: AdminUserDto["role"]) => ROLES.find((x) => x.role === r)!.label;

/**
 * A member's admin page: suspend (reason and length), lift a suspension, change the role — each behind
 * the same inline confirmation. The API decides who may (bots are never suspended) and writes the audit entry.
 */
export function AdminUserActions({ user, can, bot }: { user: AdminUserDto; can: { suspend: boolean; changeRole: boolean }; bot: boolean }) {
  const id = useId();
  const change = useAdminMutation();
  const [role, setRole] = useState(user.role);
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${id}-susp`} className="space-y-2">
        <h2 id={`${id}-susp`} className="font-semibold">
          Suspension
        </h2>
        {bot ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Bots cannot be suspended.</p>
        ) : user.suspendedUntil ? (
          <>
            <p className="text-sm">
              Suspended until <strong>{humanDateText(user.suspendedUntil)}</strong>
              {user.suspendedReason ? <>: “{user.suspendedReason}”</> : null}
            </p>
            {can.suspend ? (
              <ConfirmButton
                tone="primary"
                disabled={change.busy}
                message={`${user.username} will be able to post, comment and react again right away.`}
                confirmLabel={change.busy ? "Lifting…" : "Lift the suspension"}
                onConfirm={() => change.mutate({ kind: "user.unsuspend", id: user.id })}
              >
                Lift suspension…
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
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Not suspended. You cannot suspend this account.</p>
        )}
      </section>

      {can.changeRole ? (
        <section aria-labelledby={`${id}-role`} className="space-y-2">
          <h2 id={`${id}-role`} className="font-semibold">
            Role
          </h2>
          <label htmlFor={`${id}-role-select`} className="sr-only">
            Role of {user.username}
          </label>
          <select
            id={`${id}-role-select`}
            value={role}
            disabled={change.busy}
            onChange={(e) => setRole(e.target.value as AdminUserDto["role"])}
            className={`${inputClass} sm:w-48`}
          >
            {ROLES.map((r) => (
              <option key={r.role} value={r.role}>
                {r.label}
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
                    {roleLabel(user.role)} → <strong>{roleLabel(role)}</strong>.{" "}
                    {role === "USER" ? "They lose the review queue and staff tools." : "They get the review queue and staff tools."}
                  </>
                }
                confirmLabel={`Make ${user.username} ${role === "ADMIN" ? "an" : "a"} ${roleLabel(role).toLowerCase()}`}
                onConfirm={() => change.mutate({ kind: "user.role", id: user.id, role })}
              >
                Change role…
              </ConfirmButton>
              <button type="button" className="text-sm underline" onClick={() => setRole(user.role)}>
                Keep {roleLabel(user.role).toLowerCase()}
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
