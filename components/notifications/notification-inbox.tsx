"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { NotificationItem } from "@/components/notifications/notification-item";
import { NotificationGroupItem } from "@/components/notifications/notification-group-item";
import { groupNotifications } from "@/components/notifications/notification-groups";
import { INBOX_PAGE_SIZE, inboxKey, type InboxTab } from "@/components/notifications/notification-paging";
import { NotificationPrefs } from "@/components/notifications/notification-prefs";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import type { NotificationDto } from "@/lib/validation/responses";

type Tab = InboxTab;
type Pages = InfiniteData<NotificationDto[], number>;

const listsKey = [...notificationKeys.all, "list"] as const;

function fetchPage(tab: Tab, page: number): Promise<NotificationDto[]> {
  return api.notifications({ unreadOnly: tab === "unread", page, size: INBOX_PAGE_SIZE });
}

/**
 * The inbox: All / Unread tabs, infinite paging, mark one, a group or all read, and the per-type
 * preferences. Replies, poll votes and views on one post are shown as one group
 * (components/notifications/notification-groups.ts).
 */
export function NotificationInbox({ prefTypes }: { prefTypes?: readonly NotificationDto["type"][] } = {}) {
  const id = useId();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>("all");
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, unread: null });

  const list = useInfiniteQuery({
    queryKey: inboxKey(tab),
    queryFn: ({ pageParam }) => fetchPage(tab, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.length === INBOX_PAGE_SIZE ? all.length : undefined),
  });
  const items = list.data?.pages.flat() ?? [];
  const groups = groupNotifications(items);
  const unread = useQuery({ queryKey: notificationKeys.unreadCount(), queryFn: api.unreadCount, staleTime: 0 });
  const unreadCount = unread.data?.count ?? 0;

  /** Marks cached items read at once; the refetch after the server's answer confirms it. */
  const markCached = (ids: Set<number> | "all") => {
    qc.setQueriesData<Pages>({ queryKey: listsKey }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => p.map((n) => (ids === "all" || ids.has(n.id) ? { ...n, read: true } : n))) } : data,
    );
  };
  const settle = async () => {
    await qc.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
    await qc.invalidateQueries({ queryKey: listsKey });
  };

  const markRead = useMutation({
    mutationFn: (ids: number[]) => api.markNotificationsRead(ids),
    onMutate: (ids) => {
      const wanted = new Set(ids);
      const unreadNow = new Set(items.filter((n) => wanted.has(n.id) && !n.read).map((n) => n.id)).size;
      markCached(wanted);
      if (unreadNow)
        qc.setQueryData<{ count: number }>(notificationKeys.unreadCount(), (c) => ({
          count: Math.max(0, (c?.count ?? unreadNow) - unreadNow),
        }));
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

  const open = (n: NotificationDto) => {
    if (!n.read) markRead.mutate([n.id]);
  };

  // Infinite paging: load the next page when the sentinel scrolls into view ("Load more" is the fallback).
  const sentinel = useRef<HTMLDivElement>(null);
  // Never while the list is being fetched: a next page asked during a refetch (after marking read or
  // changing a preference, which can shorten the list and bring the sentinel into view) would cancel
  // the refetch and append to the stale pages. Observing again once it is done catches up.
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage: fetchNext } = list;
  const fetchNextPage = () => void fetchNext({ cancelRefetch: false });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetching || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNext({ cancelRefetch: false });
      },
      { rootMargin: "200px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetching, fetchNext]);

  const tabs: { key: Tab; label: string }[] = [
    { key: "all", label: "All" },
    { key: "unread", label: unreadCount ? `Unread (${unreadCount})` : "Unread" },
  ];
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const next: Tab = tab === "all" ? "unread" : "all";
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label="Notifications"
          className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700"
          onKeyDown={onTabKey}
        >
          {tabs.map((t) => (
            <button
              key={t.key}
              ref={(el) => {
                tabRefs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`${id}-panel`}
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              className={`rounded px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-600 ${
                tab === t.key
                  ? "bg-sky-700 text-white dark:bg-sky-700"
                  : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
              }`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <Button variant="secondary" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending || unreadCount === 0}>
          Mark all as read
        </Button>
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">Loading notifications…</p>
        ) : list.isError ? (
          <p role="alert" className="py-8 text-center text-sm text-red-700 dark:text-red-400">
            Could not load notifications: {list.error.message}{" "}
            <button type="button" className="underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-sm text-zinc-600 dark:text-zinc-400" data-testid="inbox-empty">
            {tab === "unread" ? "You are all caught up: no unread notifications." : "No notifications yet."}
          </p>
        ) : (
          <ul
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
            data-testid="notification-list"
          >
            {groups.map((g) =>
              g.kind === "single" ? (
                <NotificationItem key={g.key} n={g.item} onOpen={open} onMarkRead={(x) => markRead.mutate([x.id])} />
              ) : (
                <NotificationGroupItem key={g.key} g={g} onMarkRead={(ids) => markRead.mutate(ids)} />
              ),
            )}
          </ul>
        )}
        <div ref={sentinel} aria-hidden="true" />
        {hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" onClick={fetchNextPage} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          </div>
        ) : items.length > 0 ? (
          <p className="mt-4 text-center text-xs text-zinc-600 dark:text-zinc-400">That is everything.</p>
        ) : null}
      </div>

      <NotificationPrefs types={prefTypes} />
    </div>
  );
}
