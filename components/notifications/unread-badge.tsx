"use client";

import { Icon } from "@/components/ui/icon";

import { Link } from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";

/** The unread notification count in the header; live events invalidate it (LiveEventsProvider), no polling. */
export function UnreadBadge({ initial }: { initial: number }) {
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: api.unreadCount,
    initialData: { count: initial },
    staleTime: Infinity,
  });
  const count = data?.count ?? 0;
  return (
    <Link
      href="/notifications"
      className="relative inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-800"
      aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
      data-testid="unread-count"
    >
      <Icon name="bell" className="h-5 w-5" />
      {count > 0 ? (
        <span aria-hidden="true" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
