"use client";

import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { REACTIONS } from "@/components/forum/reaction-types";
import type { NotificationDto } from "@/lib/validation/responses";

export type NotificationLine = {
  icon: string;
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

const snippet = (s: string | null | undefined, max = 140) => {
  if (!s) return null;
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
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
        ? { ...base, icon: "💬", action: "replied to your comment on", href: commentHref, snippet: snippet(n.comment?.content) }
        : { ...base, icon: "💬", action: "commented on your post", href: commentHref, snippet: snippet(n.comment?.content) };
    case "FLAG_RESOLVED":
      return { ...base, icon: "🚩", action: "reviewed what you flagged in", href: commentHref, snippet: snippet(n.content) };
    case "CONTENT_MODERATED":
      return { ...base, icon: "🛡️", action: "moderated your post", href: post ? `/posts/${post.id}/history` : null, snippet: snippet(n.content) };
    case "MENTION":
      return { ...base, icon: "@", action: n.comment ? "mentioned you in a comment on" : "mentioned you in", href: commentHref, snippet: snippet(n.comment?.content) };
    case "REACTION": {
      const r = n.reactionType ? REACTIONS[n.reactionType] : null;
      const what = r ? `reacted ${r.emoji} ${r.label} to your` : "reacted to your";
      return n.comment
        ? { ...base, icon: r?.emoji ?? "❤️", action: `${what} comment on`, href: commentHref, snippet: snippet(n.comment.content) }
        : { ...base, icon: r?.emoji ?? "❤️", action: `${what} post` };
    }
    case "POST_UPDATED":
      return n.comment
        ? { ...base, icon: "🔔", action: "commented on a post you follow:", href: commentHref, snippet: snippet(n.comment.content) }
        : { ...base, icon: "🔔", action: "updated a post you follow:", href: post ? `/posts/${post.id}/history` : null };
    case "POST_VIEWED":
      return { ...base, icon: "👁️", action: "viewed your post" };
    case "POST_REVIEW_REQUEST":
      return { ...base, icon: "🕵️", action: "submitted a post for review:" };
    case "POST_REVIEWED":
      return { ...base, icon: n.approved ? "✅" : "⛔", action: n.approved ? "approved your post" : "rejected your post", snippet: snippet(n.content) };
    case "POST_DELETED":
      return { ...base, icon: "🗑️", action: "deleted your post", target: n.content ?? target, href: null };
    case "POST_FEATURED":
      return { ...base, icon: "⭐", action: "featured your post (+500 points)" };
    case "POST_SUBSCRIBED":
      return { ...base, icon: "🔔", action: "subscribed to your post" };
    case "POST_UNSUBSCRIBED":
      return { ...base, icon: "🔕", action: "unsubscribed from your post" };
    case "FOLLOWED_POST":
      return { ...base, icon: "📝", action: "published a new post:" };
    case "USER_FOLLOWED":
      return { ...base, icon: "👋", action: "followed you", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_UNFOLLOWED":
      return { ...base, icon: "👋", action: "unfollowed you", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_ACTIVITY":
      return { ...base, icon: "⚡", action: post ? "was active on" : "was active", snippet: snippet(n.content) };
    case "REGISTER_REQUEST":
      return { ...base, icon: "🙋", action: "asked to join the forum", snippet: snippet(n.content), href: null };
    case "ACTIVITY_REDEEM":
    case "POINT_REDEEM":
      return { ...base, icon: "🎁", action: "redeemed a good", snippet: snippet(n.content), href: null };
    case "LOTTERY_WIN":
      return { ...base, actor: null, icon: "🏆", action: "You won the lottery of" };
    case "LOTTERY_DRAW":
      return { ...base, actor: null, icon: "🎲", action: "Your lottery was drawn:", snippet: snippet(n.content) };
    case "POLL_VOTE":
      return { ...base, icon: "🗳️", action: "voted in your poll" };
    case "POLL_RESULT_OWNER":
      return { ...base, actor: null, icon: "📊", action: "Your poll has ended:" };
    case "POLL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: "📊", action: "A poll you voted in has ended:" };
    case "CATEGORY_PROPOSAL_RESULT_OWNER":
      return { ...base, actor: null, icon: "📊", action: "Your category proposal has a result:" };
    case "CATEGORY_PROPOSAL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: "📊", action: "A category proposal you voted on has a result:" };
    case "DONATION":
      return { ...base, icon: "💝", action: "donated points to your post", snippet: snippet(n.content) };
  }
}

/** A notification in the inbox; opening its link marks it read. */
export function NotificationItem({ n, onOpen, onMarkRead }: { n: NotificationDto; onOpen: (n: NotificationDto) => void; onMarkRead: (n: NotificationDto) => void }) {
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
          <Link href={`/u/${encodeURIComponent(n.fromUser.username)}`} aria-label={`${n.fromUser.username}'s profile`} data-testid="notification-actor" className="block rounded-full focus-visible:outline-2 focus-visible:outline-sky-600">
            <Avatar src={n.fromUser.avatar} name={n.fromUser.username} size={36} />
          </Link>
        ) : (
          <span aria-hidden="true" className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-zinc-100 text-lg dark:bg-zinc-800">
            {d.icon}
          </span>
        )}
        {n.fromUser ? (
          <span aria-hidden="true" className="absolute -bottom-1 -right-1 text-sm">
            {d.icon}
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
        <RelativeTime iso={n.createdAt} className="text-xs text-zinc-500" />
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
