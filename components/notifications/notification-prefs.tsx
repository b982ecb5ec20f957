"use client";

import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import type { NotificationDto } from "@/lib/validation/responses";

type Pref = { type: NotificationDto["type"]; enabled: boolean };

/** Human names of the notification types, for the preferences. */
export const NOTIFICATION_TYPE_LABEL: Record<Pref["type"], string> = {
  POST_VIEWED: "Someone viewed my post",
  COMMENT_REPLY: "Comments and replies to me",
  REACTION: "Reactions to my posts and comments",
  POST_REVIEW_REQUEST: "Posts waiting for review (moderators)",
  POST_REVIEWED: "My post was approved or rejected",
  POST_DELETED: "My post was deleted",
  POST_UPDATED: "Activity on posts I follow",
  POST_SUBSCRIBED: "Someone subscribed to my post",
  POST_UNSUBSCRIBED: "Someone unsubscribed from my post",
  FOLLOWED_POST: "New posts by people I follow",
  WATCHED_POST: "New posts in categories and tags I watch",
  USER_FOLLOWED: "Someone followed me",
  USER_UNFOLLOWED: "Someone unfollowed me",
  USER_ACTIVITY: "Activity of people I follow",
  REGISTER_REQUEST: "Registration requests (admins)",
  ACTIVITY_REDEEM: "Activity redemptions (admins)",
  POINT_REDEEM: "Point redemptions (admins)",
  LOTTERY_WIN: "I won a lottery",
  LOTTERY_DRAW: "My lottery was drawn",
  POLL_VOTE: "Votes in my polls",
  POLL_RESULT_OWNER: "My poll has ended",
  POLL_RESULT_PARTICIPANT: "A poll I voted in has ended",
  CATEGORY_PROPOSAL_RESULT_OWNER: "My category proposal has a result",
  CATEGORY_PROPOSAL_RESULT_PARTICIPANT: "A category proposal I voted on has a result",
  POST_FEATURED: "My post was featured",
  DONATION: "Donations to my posts",
  MENTION: "Mentions of me",
  FLAG_RESOLVED: "Staff acted on something I flagged",
  CONTENT_MODERATED: "Staff changed my post or comment",
};

/** Per-type on/off switches (GET/PUT /api/notifications/prefs); turned-off types leave the inbox and the count. */
export function NotificationPrefs({ types, standalone = false }: { types?: readonly Pref["type"][]; standalone?: boolean }) {
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
      await qc.invalidateQueries({ queryKey: [...notificationKeys.all, "list"] });
    },
  });

  return (
    <Frame standalone={standalone}>
      <fieldset className={standalone ? "" : "mt-3"}>
        <legend className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
          Choose which notifications reach your inbox. Changes are saved at once.
        </legend>
        {prefs.isPending ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p> : null}
        {prefs.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load your settings.
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
              <label htmlFor={`${id}-${p.type}`}>{NOTIFICATION_TYPE_LABEL[p.type]}</label>
            </li>
          ))}
        </ul>
        {save.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            Could not save: {save.error.message}
          </p>
        ) : null}
      </fieldset>
    </Frame>
  );
}

/** Folded under the inbox; a plain box on the settings page. */
function Frame({ standalone, children }: { standalone: boolean; children: React.ReactNode }) {
  if (standalone) {
    return (
      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="notification-prefs">
        {children}
      </div>
    );
  }
  return (
    <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="notification-prefs">
      <summary className="cursor-pointer text-sm font-semibold">Notification settings</summary>
      {children}
    </details>
  );
}
