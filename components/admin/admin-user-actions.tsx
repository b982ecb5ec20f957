"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAdminMutation } from "@/components/admin/use-admin";
import type { AdminUserDto } from "@/lib/validation/admin-users";

const ROLES: AdminUserDto["role"][] = ["USER", "MODERATOR", "ADMIN"];

/** Role, suspension and its lifting for one member on the admin users page (the API writes the audit log). */
export function AdminUserActions({ user, self }: { user: AdminUserDto; self: boolean }) {
  const id = useId();
  const [until, setUntil] = useState(() => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
  const [reason, setReason] = useState("");
  const change = useAdminMutation();
  const error = change.error;
  if (self) return <p className="text-xs text-zinc-600 dark:text-zinc-400">This is you.</p>;

  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">Role</span>
        <select
          aria-label={`Role of ${user.username}`}
          value={user.role}
          disabled={change.busy}
          onChange={(e) => change.mutate({ kind: "user.role", id: user.id, role: e.target.value as AdminUserDto["role"] })}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {user.suspendedUntil ? (
        <Button size="sm" variant="secondary" onClick={() => change.mutate({ kind: "user.unsuspend", id: user.id })} disabled={change.busy}>
          End suspension of {user.username}
        </Button>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={`Suspend ${user.username}`}
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ kind: "user.suspend", id: user.id, until: new Date(`${until}T23:59:59Z`).toISOString(), reason });
          }}
        >
          <label className="text-xs" htmlFor={`${id}-until`}>
            <span className="block text-zinc-600 dark:text-zinc-400">Until</span>
            <input
              id={`${id}-until`}
              type="date"
              required
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <label className="min-w-40 flex-1 text-xs" htmlFor={`${id}-reason`}>
            <span className="block text-zinc-600 dark:text-zinc-400">Reason (the member sees it)</span>
            <input
              id={`${id}-reason`}
              required
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          <Button size="sm" type="submit" variant="danger" disabled={change.busy}>
            Suspend
          </Button>
        </form>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
