"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { NotificationGroupItem } from "@/components/notifications/notification-group-item";
import type { NotificationGroup } from "@/components/notifications/notification-groups";
import { INBOX_PAGE_SIZE, inboxKey, type InboxTab } from "@/components/notifications/notification-paging";
import { NotificationPrefs } from "@/components/notifications/notification-prefs";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import type { NotificationDto } from "@/lib/validation/responses";
import type { NotificationGroupPage } from "@/lib/validation/notifications";

type Tab = InboxTab;
type Pages = InfiniteData<NotificationGroupPage, number>;

const groupsKey = notificationKeys.groups().slice(0, 2);

function fetchPage(tab: Tab, page: number): Promise<NotificationGroupPage> {
  return api.notificationGroups({ unread: tab === "unread", page, pageSize: INBOX_PAGE_SIZE });
}

/** A group marked read in the cache (the refetch after the server's answer regroups it). */
const markedRead = (g: NotificationGroup): NotificationGroup => ({ ...g, read: true, latest: { ...g.latest, read: true } });

/**
 * The inbox: All / Unread tabs, infinite paging over groups (the server groups the notifications of one
 * type on one post, with their true count: lib/services/notifications/groups.ts), mark a group or all
 * read, and the per-type preferences.
 */
export function NotificationInbox({ prefTypes }: { prefTypes?: readonly NotificationDto["type"][] } = {}) {
  const t = useTranslations("Notifications");
  const id = useId();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>("all");
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, unread: null });

  const list = useInfiniteQuery({
    queryKey: inboxKey(tab),
    queryFn: ({ pageParam }) => fetchPage(tab, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
  const groups = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = useQuery({ queryKey: notificationKeys.unreadCount(), queryFn: api.unreadCount, staleTime: 0 });
  const unreadCount = unread.data?.count ?? 0;

  /** Marks cached groups read at once; the refetch after the server's answer confirms it. */
  const markCached = (key: string | "all") => {
    qc.setQueriesData<Pages>({ queryKey: groupsKey }, (data) =>
      data?.pages
        ? {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.map((g) => (key === "all" || g.key === key ? markedRead(g) : g)) })),
          }
        : data,
    );
  };
  const settle = async () => {
    await qc.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
    await qc.invalidateQueries({ queryKey: groupsKey });
  };

  const markRead = useMutation({
    mutationFn: (g: NotificationGroup) => api.markNotificationGroupRead(g.key, g.latestId),
    onMutate: (g) => {
      const unreadNow = g.read ? 0 : g.count;
      markCached(g.key);
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
    { key: "all", label: t("tabAll") },
    { key: "unread", label: unreadCount ? t("tabUnreadCount", { count: unreadCount }) : t("tabUnread") },
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
          aria-label={t("tabsLabel")}
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
          {t("markAll")}
        </Button>
      </div>

      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("loading")}</p>
        ) : list.isError ? (
          <p role="alert" className="py-8 text-center text-sm text-red-700 dark:text-red-400">
            {t("loadError", { error: list.error.message })}{" "}
            <button type="button" className="underline" onClick={() => void list.refetch()}>
              {t("retry")}
            </button>
          </p>
        ) : groups.length === 0 ? (
          <p className="py-12 text-center text-sm text-zinc-600 dark:text-zinc-400" data-testid="inbox-empty">
            {tab === "unread" ? t("emptyUnread") : t("empty")}
          </p>
        ) : (
          <ul
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
            data-testid="notification-list"
          >
            {groups.map((g) => (
              <NotificationGroupItem key={g.key} g={g} onMarkRead={(x) => markRead.mutate(x)} />
            ))}
          </ul>
        )}
        <div ref={sentinel} aria-hidden="true" />
        {hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" onClick={fetchNextPage} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? t("loadingMore") : t("loadMore")}
            </Button>
          </div>
        ) : groups.length > 0 ? (
          <p className="mt-4 text-center text-xs text-zinc-600 dark:text-zinc-400">{t("end")}</p>
        ) : null}
      </div>

      <NotificationPrefs types={prefTypes} />
    </div>
  );
}
