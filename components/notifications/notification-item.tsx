"use client";

import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { REACTIONS } from "@/components/reactions/reaction-types";
import {
  AtSign,
  Bell,
  BellOff,
  ChartColumn,
  CircleCheck,
  CircleX,
  Dices,
  Eye,
  FilePlus,
  Flag,
  Gift,
  HeartHandshake,
  MessageSquare,
  ShieldCheck,
  ShieldQuestion,
  SmilePlus,
  Star,
  Trash2,
  Trophy,
  UserPlus,
  Vote,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { lotteryDrawSummary, plural } from "@/components/notifications/notification-groups";
import type { NotificationDto } from "@/lib/validation/responses";

export type NotificationLine = {
  /** A lucide icon (headless browsers and some systems have no emoji font). */
  icon: LucideIcon;
  /** Who did it (null for system notifications). */
  actor: string | null;
  /** What happened, completing "<actor> …". */
  action: string;
  /** Where: the post title (or the deleted post's title). */
  target: string | null;
  /** The page it leads to: the post, or the exact comment (`#comment-<id>`). */
  href: string | null;
  /** A short quote of the comment or message, when there is one. */
  snippet: string | null;
};

/** One clear line per notification type: who, what, where (the time is shown beside it). */
export function describeNotification(n: NotificationDto): NotificationLine {
  const actor = n.fromUser?.username ?? null;
  const post = n.post;
  const postHref = post ? `/posts/${post.id}` : null;
  const commentHref = post && n.comment ? `/posts/${post.id}#comment-${n.comment.id}` : postHref;
  const target = post?.title ?? null;
  const base = { actor, target, href: postHref, snippet: null as string | null };
  switch (n.type) {
    case "COMMENT_REPLY":
      return n.parentComment
        ? { ...base, icon: MessageSquare, action: "replied to your comment on", href: commentHref, snippet: n.excerpt }
        : { ...base, icon: MessageSquare, action: "commented on your post", href: commentHref, snippet: n.excerpt };
    case "FLAG_RESOLVED":
      return { ...base, icon: Flag, action: "reviewed what you flagged in", href: commentHref, snippet: n.excerpt };
    case "CONTENT_MODERATED":
      // The notification's content says what staff did ("restored version 0 of your post"); the link
      // opens the history that shows it.
      return n.comment
        ? {
            ...base,
            icon: ShieldCheck,
            action: "edited your comment on",
            href: post ? `/posts/${post.id}/comments/${n.comment.id}/history` : null,
            snippet: n.excerpt,
          }
        : n.content === "deleted your comment on"
          ? { ...base, icon: Trash2, action: n.content, href: postHref }
          : { ...base, icon: ShieldCheck, action: n.content || "moderated your post", href: post ? `/posts/${post.id}/history` : null };
    case "MENTION":
      return {
        ...base,
        icon: AtSign,
        action: n.comment ? "mentioned you in a comment on" : "mentioned you in",
        href: commentHref,
        snippet: n.excerpt,
      };
    case "REACTION": {
      const r = n.reactionType ? REACTIONS[n.reactionType] : null;
      const others = n.actorCount - 1;
      const who = others > 0 ? `and ${plural(others, "other", "others")} ` : "";
      const what = `${who}reacted${r && others === 0 ? ` ${r.label}` : ""} to your`;
      return n.comment
        ? { ...base, icon: SmilePlus, action: `${what} comment on`, href: commentHref, snippet: n.excerpt }
        : { ...base, icon: SmilePlus, action: `${what} post` };
    }
    case "POST_UPDATED":
      return n.comment
        ? { ...base, icon: Bell, action: "commented on a post you follow:", href: commentHref, snippet: n.excerpt }
        : { ...base, icon: Bell, action: "updated a post you follow:", href: post ? `/posts/${post.id}/history` : null };
    case "POST_VIEWED":
      return { ...base, icon: Eye, action: "viewed your post" };
    case "POST_REVIEW_REQUEST":
      return { ...base, icon: ShieldQuestion, action: "submitted a post for review:" };
    case "POST_REVIEWED":
      return {
        ...base,
        icon: n.approved ? CircleCheck : CircleX,
        action: n.approved ? "approved your post" : "rejected your post",
        snippet: n.excerpt,
      };
    case "POST_DELETED":
      return { ...base, icon: Trash2, action: "deleted your post", target: n.content ?? target, href: null };
    case "POST_FEATURED":
      return { ...base, icon: Star, action: "featured your post (+500 points)" };
    case "POST_SUBSCRIBED":
      return { ...base, icon: Bell, action: "subscribed to your post" };
    case "POST_UNSUBSCRIBED":
      return { ...base, icon: BellOff, action: "unsubscribed from your post" };
    case "FOLLOWED_POST":
      return { ...base, icon: FilePlus, action: "published a new post:" };
    case "WATCHED_POST":
      // The content names what the member watches that the post is in ("Cooking" or "#baking").
      return { ...base, icon: FilePlus, action: n.content ? `posted in ${n.content}, which you watch:` : "posted where you watch:" };
    case "USER_FOLLOWED":
      return { ...base, icon: UserPlus, action: "followed you", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_UNFOLLOWED":
      return { ...base, icon: UserPlus, action: "unfollowed you", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_ACTIVITY":
      return { ...base, icon: Zap, action: post ? "was active on" : "was active", snippet: n.excerpt };
    case "REGISTER_REQUEST":
      return { ...base, icon: UserPlus, action: "asked to join the forum", snippet: n.excerpt, href: null };
    case "ACTIVITY_REDEEM":
    case "POINT_REDEEM":
      return { ...base, icon: Gift, action: "redeemed a good", snippet: n.excerpt, href: null };
    case "LOTTERY_WIN":
      return { ...base, actor: null, icon: Trophy, action: "You won the lottery of" };
    case "LOTTERY_DRAW":
      return { ...base, actor: null, icon: Dices, action: "Your lottery was drawn:", snippet: lotteryDrawSummary(n.content) ?? n.excerpt };
    case "POLL_VOTE":
      return { ...base, icon: Vote, action: "voted in your poll" };
    case "POLL_RESULT_OWNER":
      return { ...base, actor: null, icon: ChartColumn, action: "Your poll has ended:" };
    case "POLL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: ChartColumn, action: "A poll you voted in has ended:" };
    case "CATEGORY_PROPOSAL_RESULT_OWNER":
      return { ...base, actor: null, icon: ChartColumn, action: "Your category proposal has a result:" };
    case "CATEGORY_PROPOSAL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: ChartColumn, action: "A category proposal you voted on has a result:" };
    case "DONATION":
      return { ...base, icon: HeartHandshake, action: "donated points to your post", snippet: n.excerpt };
  }
}

/** A notification in the inbox; opening its link marks it read. */
export function NotificationItem({
  n,
  onOpen,
  onMarkRead,
}: {
  n: NotificationDto;
  onOpen: (n: NotificationDto) => void;
  onMarkRead: (n: NotificationDto) => void;
}) {
  const d = describeNotification(n);
  const sentence = (
    <>
      {d.actor ? <strong className="font-semibold">{d.actor}</strong> : null} {d.action}{" "}
      {d.target ? <span className="font-medium text-sky-800 dark:text-sky-300">“{d.target}”</span> : null}
    </>
  );
  return (
    <li
      className={`flex gap-3 px-3 py-3 sm:px-4 ${n.read ? "" : "bg-sky-50/70 dark:bg-sky-950/30"}`}
      data-testid="notification"
      data-read={n.read ? "true" : "false"}
      data-type={n.type}
    >
      <div className="relative shrink-0">
        {n.fromUser ? (
          <Link
            href={`/u/${encodeURIComponent(n.fromUser.username)}`}
            aria-label={`${n.fromUser.username}'s profile`}
            data-testid="notification-actor"
            className="block rounded-full focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            <Avatar src={n.fromUser.avatar} name={n.fromUser.username} size={36} />
          </Link>
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <d.icon className="h-4 w-4" />
          </span>
        )}
        {n.fromUser ? (
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 inline-flex h-5 w-5 items-center justify-center rounded-full bg-white text-sky-700 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:text-sky-400 dark:ring-zinc-700"
          >
            <d.icon className="h-3 w-3" />
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm leading-snug">
          {!n.read ? <span className="sr-only">Unread: </span> : null}
          {d.href ? (
            <Link href={d.href} onClick={() => onOpen(n)} className="hover:underline focus-visible:outline-2 focus-visible:outline-sky-600">
              {sentence}
            </Link>
          ) : (
            sentence
          )}
        </p>
        {d.snippet ? <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{d.snippet}</p> : null}
        <RelativeTime iso={n.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400" />
      </div>
      {!n.read ? (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          className="h-8 shrink-0 self-start rounded-md px-2 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
          aria-label={`Mark as read: ${[d.actor, d.action, d.target].filter(Boolean).join(" ")}`}
        >
          Mark read
        </button>
      ) : null}
    </li>
  );
}
