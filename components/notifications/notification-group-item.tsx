"use client";

import { useId, useState } from "react";
import { ChevronDown, Eye, MessageSquare, Vote, type LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { NotificationItem } from "@/components/notifications/notification-item";
import {
  actorList,
  groupAction,
  groupActors,
  groupHref,
  groupLabel,
  unreadIdsOf,
  type GroupKind,
  type NotificationGroup,
} from "@/components/notifications/notification-groups";
import type { NotificationDto } from "@/lib/validation/responses";

const ICONS: Record<GroupKind, LucideIcon> = { replies: MessageSquare, votes: Vote, views: Eye };

type Group = Exclude<NotificationGroup, { kind: "single" }>;

/**
 * A group of notifications on one post ("3 new replies in “Title”"): the sentence links to the post
 * (and marks the group read), the members' names and the newest time beside it; "Show all" lists each
 * member; "Mark read" marks every member read. `compact`: the header dropdown's shorter row.
 */
export function NotificationGroupItem({
  g,
  onMarkRead,
  compact = false,
}: {
  g: Group;
  /** Marks these ids read (every unread member of the group, or one of them). */
  onMarkRead: (ids: number[]) => void;
  compact?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const Icon = ICONS[g.kind];
  const actors = groupActors(g.items);
  const faces = g.items
    .map((n) => n.fromUser)
    .filter((u, i, all): u is NonNullable<NotificationDto["fromUser"]> => !!u && all.findIndex((x) => x?.id === u.id) === i)
    .slice(0, 3);
  const unreadIds = unreadIdsOf(g);
  const label = groupLabel(g);
  return (
    <li
      className={`px-3 py-3 sm:px-4 ${g.unread ? "bg-sky-50/70 dark:bg-sky-950/30" : ""}`}
      data-testid="notification-group"
      data-kind={g.kind}
      data-read={g.unread ? "false" : "true"}
      data-count={g.items.length}
    >
      <div className="flex gap-3">
        <div className="relative shrink-0" aria-hidden="true">
          <span className="flex -space-x-3">
            {faces.length ? (
              faces.map((u) => (
                <span key={u.id} className="rounded-full ring-2 ring-white dark:ring-zinc-950">
                  <Avatar src={u.avatar} name={u.username} size={compact ? 28 : 32} decorative />
                </span>
              ))
            ) : (
              <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                <Icon className="h-4 w-4" />
              </span>
            )}
          </span>
          <span className="absolute -right-1 -bottom-1 inline-flex h-5 w-5 items-center justify-center rounded-full bg-white text-sky-700 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:text-sky-400 dark:ring-zinc-700">
            <Icon className="h-3 w-3" />
          </span>
        </div>
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="text-sm leading-snug">
            {g.unread ? <span className="sr-only">Unread: </span> : null}
            <Link
              href={groupHref(g)}
              onClick={() => unreadIds.length && onMarkRead(unreadIds)}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
              data-testid="notification-group-link"
            >
              <strong className="font-semibold">{groupAction(g)}</strong>{" "}
              <span className="font-medium text-sky-800 dark:text-sky-300">“{g.post.title}”</span>
            </Link>
          </p>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{actorList(actors, compact ? 2 : 3)}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <RelativeTime iso={g.items[0]!.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400" />
            {compact ? null : (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={`${id}-members`}
                onClick={() => setOpen((o) => !o)}
                className="inline-flex min-h-6 items-center gap-1 rounded px-1 text-xs font-medium text-sky-800 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-300"
              >
                {open ? "Hide" : `Show all ${g.items.length}`}
                <ChevronDown aria-hidden="true" className={`h-3 w-3 transition-transform ${open ? "rotate-180" : ""}`} />
              </button>
            )}
          </div>
        </div>
        {unreadIds.length ? (
          <button
            type="button"
            onClick={() => onMarkRead(unreadIds)}
            className="h-8 shrink-0 self-start rounded-md px-2 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
            aria-label={`Mark as read: ${label}`}
          >
            Mark read
          </button>
        ) : null}
      </div>
      {open ? (
        <ul
          id={`${id}-members`}
          aria-label={label}
          className="mt-2 ml-4 divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white sm:ml-11 dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-950"
        >
          {g.items.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={(x) => !x.read && onMarkRead([x.id])} onMarkRead={(x) => onMarkRead([x.id])} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
