"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Link } from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { NotificationGroupItem } from "@/components/notifications/notification-group-item";
import type { NotificationGroup } from "@/components/notifications/notification-groups";
import { DROPDOWN_GROUPS, dropdownKey } from "@/components/notifications/notification-paging";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import type { NotificationGroupPage } from "@/lib/validation/notifications";

/**
 * The bell in the header: the unread count (live events invalidate it, LiveEventsProvider; no polling)
 * and, on a click, the newest groups of notifications (grouped on the server, with their true counts), with "Mark all read" and a link to the
 * inbox. The list is read when the dropdown opens, never for a closed one.
 */
export function UnreadBadge({ initial }: { initial: number }) {
  const t = useTranslations("Notifications");
  const id = useId();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: api.unreadCount,
    initialData: { count: initial },
    staleTime: Infinity,
  });
  const count = data?.count ?? 0;
  const list = useQuery({
    queryKey: dropdownKey(),
    queryFn: () => api.notificationGroups({ unread: false, page: 0, pageSize: DROPDOWN_GROUPS }),
    enabled: open,
    staleTime: 0,
  });

  const settle = async () => {
    await qc.invalidateQueries({ queryKey: notificationKeys.all });
  };
  const markCached = (key: string | "all") =>
    qc.setQueryData<NotificationGroupPage>(dropdownKey(), (d) =>
      d
        ? {
            ...d,
            items: d.items.map((g) => (key === "all" || g.key === key ? { ...g, read: true, latest: { ...g.latest, read: true } } : g)),
          }
        : d,
    );
  const markRead = useMutation({
    mutationFn: (g: NotificationGroup) => api.markNotificationGroupRead(g.key, g.latestId),
    onMutate: (g) => {
      const unreadNow = g.read ? 0 : g.count;
      markCached(g.key);
      if (unreadNow)
        qc.setQueryData<{ count: number }>(notificationKeys.unreadCount(), (c) => ({ count: Math.max(0, (c?.count ?? 0) - unreadNow) }));
    },
    onSettled: settle,
  });
  const markAll = useMutation({
    mutationFn: () => api.markAllNotificationsRead(),
    onMutate: () => {
      markCached("all");
      qc.setQueryData(notificationKeys.unreadCount(), { count: 0 });
    },
    onSettled: settle,
  });

  // Closed by Escape (focus back on the bell), a click outside, and a move to another page.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    if (open) setOpen(false);
  }

  const groups = list.data?.items ?? [];
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        className="relative inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-800"
        aria-label={count > 0 ? t("bellUnread", { count }) : t("bell")}
        data-testid="unread-count"
      >
        <Icon name="bell" className="h-5 w-5" />
        {count > 0 ? (
          <span aria-hidden="true" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={`${id}-panel`}
          role="region"
          aria-label={t("dropdownLabel")}
          data-testid="notification-dropdown"
          className="fixed inset-x-2 top-14 z-40 flex max-h-[calc(100dvh-4.5rem)] flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96 dark:border-zinc-800 dark:bg-zinc-950"
        >
          <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <h2 className="text-sm font-semibold">{t("dropdownTitle")}</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={count === 0 || markAll.isPending}
              className="min-h-8 rounded-md px-2 text-xs font-medium text-sky-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:text-zinc-500 disabled:hover:bg-transparent dark:text-sky-300 dark:hover:bg-zinc-800 dark:disabled:text-zinc-400"
            >
              {t("markAllShort")}
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.isFetching}>
            {list.isPending ? (
              <p className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("dropdownLoading")}</p>
            ) : list.isError ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-red-700 dark:text-red-400">
                {t("dropdownError")}
              </p>
            ) : groups.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
            ) : (
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {groups.map((g) => (
                  <NotificationGroupItem key={g.key} g={g} compact onMarkRead={(x) => markRead.mutate(x)} />
                ))}
              </ul>
            )}
          </div>
          <Link
            href="/notifications"
            className="block border-t border-zinc-200 px-3 py-2.5 text-center text-sm font-medium text-sky-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-800 dark:text-sky-300 dark:hover:bg-zinc-900"
          >
            {t("seeAll")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
