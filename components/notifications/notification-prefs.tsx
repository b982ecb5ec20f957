"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import type { NotificationDto } from "@/lib/validation/responses";

type Pref = { type: NotificationDto["type"]; enabled: boolean };

/** Per-type on/off switches (GET/PUT /api/notifications/prefs); turned-off types leave the inbox and the count. */
export function NotificationPrefs({ types, standalone = false }: { types?: readonly Pref["type"][]; standalone?: boolean }) {
  const t = useTranslations("NotificationPrefs");
  const id = useId();
  const qc = useQueryClient();
  const prefs = useQuery({ queryKey: notificationKeys.prefs(), queryFn: () => api.notificationPrefs() });
  const save = useMutation({
    // One after another: two quick clicks are two PUTs, and sent side by side they could reach the
    // server in either order, leaving it with the first click's value while the switch shows the last.
    scope: { id: "notification-prefs" },
    mutationKey: notificationKeys.prefs(),
    mutationFn: (p: Pref) => api.updateNotificationPref(p),
    onMutate: async (p) => {
      // A GET still in flight would overwrite the optimistic value with the old one.
      await qc.cancelQueries({ queryKey: notificationKeys.prefs() });
      qc.setQueryData<Pref[]>(notificationKeys.prefs(), (old) => old?.map((x) => (x.type === p.type ? p : x)));
    },
    // The server's answer, unless a later click is still on its way (its optimistic value stays shown).
    onSuccess: (all) => {
      if (qc.isMutating({ mutationKey: notificationKeys.prefs() }) <= 1) qc.setQueryData(notificationKeys.prefs(), all);
    },
    onError: () => void qc.invalidateQueries({ queryKey: notificationKeys.prefs() }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
      await qc.invalidateQueries({ queryKey: notificationKeys.groups().slice(0, 2) });
    },
  });

  return (
    <Frame standalone={standalone}>
      <fieldset className={standalone ? "" : "mt-3"}>
        <legend className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">{t("legend")}</legend>
        {prefs.isPending ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p> : null}
        {prefs.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("loadError")}
          </p>
        ) : null}
        <ul className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
          {(types ? types.flatMap((t) => prefs.data?.filter((p) => p.type === t) ?? []) : prefs.data)?.map((p) => (
            <li key={p.type} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-${p.type}`}
                type="checkbox"
                checked={p.enabled}
                onChange={(e) => save.mutate({ type: p.type, enabled: e.target.checked })}
                className="h-4 w-4 accent-sky-700"
              />
              <label htmlFor={`${id}-${p.type}`}>{t(`type.${p.type}`)}</label>
            </li>
          ))}
        </ul>
        {save.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {t("saveError", { error: save.error.message })}
          </p>
        ) : null}
      </fieldset>
    </Frame>
  );
}

/** Folded under the inbox; a plain box on the settings page. */
function Frame({ standalone, children }: { standalone: boolean; children: React.ReactNode }) {
  const t = useTranslations("NotificationPrefs");
  if (standalone) {
    return (
      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="notification-prefs">
        {children}
      </div>
    );
  }
  return (
    <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="notification-prefs">
      <summary className="cursor-pointer text-sm font-semibold">{t("summary")}</summary>
      {children}
    </details>
  );
}
