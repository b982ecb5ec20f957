"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Dices, Eye, AtSign, Bell, MessageSquare, Vote, type LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { NotificationItem } from "@/components/notifications/notification-item";
import { actorArgs, groupHref, groupMessage, isSingle, type NotificationGroup } from "@/components/notifications/notification-groups";
import { useShownName } from "@/components/people/member-name";

const ICONS: Record<Exclude<NotificationGroup["kind"], "single">, LucideIcon> = {
  replies: MessageSquare,
  comments: Bell,
  mentions: AtSign,
  votes: Vote,
  views: Eye,
  lottery: Dices,
};

/**
 * A group the server made (the notifications of one type on one post, with their true count): "3 new
 * replies in “Title”", the latest members' names and the newest time beside it. The sentence links to
 * the post (and marks the group read); "Mark read" marks every notification of the group read in one
 * request. A group of one is shown as its notification. `compact`: the header dropdown's row.
 */
export function NotificationGroupItem({
  g,
  onMarkRead,
  compact = false,
}: {
  g: NotificationGroup;
  /** Marks the group read (every unread notification in it, up to its newest one shown). */
  onMarkRead: (g: NotificationGroup) => void;
  compact?: boolean;
}) {
  const t = useTranslations("NotificationGroup");
  const tn = useTranslations("Notifications");
  const shown = useShownName();
  if (isSingle(g)) {
    const open = () => !g.read && onMarkRead(g);
    return <NotificationItem n={g.latest} onOpen={open} onMarkRead={open} />;
  }
  const Icon = ICONS[g.kind as keyof typeof ICONS];
  const key = groupMessage(g);
  const values = { count: g.count, people: g.actorCount, title: g.latest.post?.title ?? tn("hiddenPost") };
  const label = t.markup(key, { ...values, b: (c: string) => c, post: (c: string) => c });
  const actors = actorArgs(g, tn("someone"), shown);
  const href = groupHref(g);
  const sentence = t.rich(key, {
    ...values,
    b: (c: ReactNode) => <strong className="font-semibold">{c}</strong>,
    post: (c: ReactNode) => <span className="font-medium text-sky-800 dark:text-sky-300">{c}</span>,
  });
  return (
    <li
      className={`px-3 py-3 sm:px-4 ${g.read ? "" : "bg-sky-50/70 dark:bg-sky-950/30"}`}
      data-testid="notification-group"
      data-kind={g.kind}
      data-read={g.read ? "true" : "false"}
      data-count={g.count}
    >
      <div className="flex gap-3">
        <div className="relative shrink-0" aria-hidden="true">
          <span className="flex -space-x-3">
            {g.actors.length ? (
              g.actors.map((u) => (
                <span key={u.id} className="rounded-full ring-2 ring-white dark:ring-zinc-950">
                  <Avatar src={u.avatar} name={shown(u.username)} size={compact ? 28 : 32} decorative />
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
            {g.read ? null : <span className="sr-only">{`${tn("unreadMark")} `}</span>}
            {href ? (
              <Link
                href={href}
                onClick={() => !g.read && onMarkRead(g)}
                className="hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
                data-testid="notification-group-link"
              >
                {sentence}
              </Link>
            ) : (
              sentence
            )}
          </p>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{t(actors.key, actors.values)}</p>
          <RelativeTime iso={g.latestAt} className="text-xs text-zinc-600 dark:text-zinc-400" />
        </div>
        {g.read ? null : (
          <button
            type="button"
            onClick={() => onMarkRead(g)}
            className="h-8 shrink-0 self-start rounded-md px-2 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
            aria-label={tn("markReadLabel", { what: label })}
          >
            {tn("markRead")}
          </button>
        )}
      </div>
    </li>
  );
}
