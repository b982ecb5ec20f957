"use client";

import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import {
  Archive,
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
  PackageCheck,
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
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { lotteryDrawNumbers } from "@/components/notifications/notification-groups";
import type { NotificationDto } from "@/lib/validation/responses";
import { useShownName } from "@/components/people/member-name";

export type NotificationLine = {
  /** A lucide icon (headless browsers and some systems have no emoji font). */
  icon: LucideIcon;
  /** The sentence's key in the NotificationText namespace (`<who>` wraps the actor, `<post>` the title). */
  key: string;
  /** Its arguments besides actor and title (a reaction, a count, where a watched post was posted). */
  values: Record<string, string | number>;
  /** Who did it (null: a system notice, or a member since deleted). */
  actor: string | null;
  /** Where: the post title (or the deleted post's title); null when the caller may not see the post. */
  target: string | null;
  /** The page it leads to: the post, or the exact comment (`#comment-<id>`). */
  href: string | null;
  /** A short quote of the comment or message, when there is one. */
  snippet: string | null;
};

/**
 * What staff did to a member's post, from the phrase the server stores (lib/services/posts/write.ts and
 * state.ts: "restored version 2 of your post", "moved your post to Cooking:", …), so the page says it in
 * its own language; a phrase not known here is shown as written.
 */
function staffEdit(content: string | null): { key: string; values: Record<string, string | number> } {
  const text = (content ?? "").trim();
  if (!text) return { key: "modEdited", values: {} };
  const restored = /^restored version (\d+) of your post$/.exec(text);
  if (restored) return { key: "modRestored", values: { version: Number(restored[1]) } };
  const moved = /^moved your post to (.+):$/.exec(text);
  if (moved) return { key: "modMoved", values: { category: moved[1]! } };
  const fixed: Record<string, string> = {
    "re-tagged your post": "modRetagged",
    "changed who can see your post": "modScope",
    "edited your post": "modEdited",
    "closed your post": "modClosed",
    "reopened your post": "modReopened",
  };
  return fixed[text] ? { key: fixed[text], values: {} } : { key: "moderatedPost", values: { action: text } };
}

/** One sentence per notification type: who, what, where (the time is shown beside it). */
export function describeNotification(n: NotificationDto): NotificationLine {
  const actor = n.fromUser?.username ?? null;
  const post = n.post;
  const postHref = post ? `/posts/${post.id}` : null;
  const commentHref = post && n.comment ? `/posts/${post.id}#comment-${n.comment.id}` : postHref;
  const target = post?.title ?? null;
  const base = { actor, target, href: postHref, snippet: null as string | null, values: {} };
  switch (n.type) {
    case "COMMENT_REPLY":
      return n.parentComment
        ? { ...base, icon: MessageSquare, key: "replyComment", href: commentHref, snippet: n.excerpt }
        : { ...base, icon: MessageSquare, key: "commentPost", href: commentHref, snippet: n.excerpt };
    case "FLAG_RESOLVED":
      return { ...base, icon: Flag, key: "flagResolved", href: commentHref, snippet: n.excerpt };
    case "CONTENT_MODERATED":
      // The link opens the history that shows what staff did.
      return n.comment
        ? {
            ...base,
            icon: ShieldCheck,
            key: "moderatedComment",
            href: post ? `/posts/${post.id}/comments/${n.comment.id}/history` : null,
            snippet: n.excerpt,
          }
        : n.content === "deleted your comment on"
          ? { ...base, icon: Trash2, key: "deletedComment", href: postHref }
          : { ...base, icon: ShieldCheck, ...staffEdit(n.content), href: post ? `/posts/${post.id}/history` : null };
    case "MENTION":
      return { ...base, icon: AtSign, key: n.comment ? "mentionComment" : "mentionPost", href: commentHref, snippet: n.excerpt };
    case "REACTION": {
      const values = { others: Math.max(0, n.actorCount - 1), reactionType: n.reactionType ?? "" };
      return n.comment
        ? { ...base, icon: SmilePlus, key: "reactionComment", values, href: commentHref, snippet: n.excerpt }
        : { ...base, icon: SmilePlus, key: "reactionPost", values };
    }
    case "POST_UPDATED":
      return n.comment
        ? { ...base, icon: Bell, key: "followedComment", href: commentHref, snippet: n.excerpt }
        : { ...base, icon: Bell, key: "followedUpdate", href: post ? `/posts/${post.id}/history` : null };
    case "POST_VIEWED":
      return { ...base, icon: Eye, key: "viewed" };
    case "POST_REVIEW_REQUEST":
      return { ...base, icon: ShieldQuestion, key: "reviewRequest" };
    case "POST_REVIEWED":
      return { ...base, icon: n.approved ? CircleCheck : CircleX, key: n.approved ? "approved" : "rejected", snippet: n.excerpt };
    case "POST_DELETED":
      return { ...base, icon: Trash2, key: "postDeleted", target: n.content ?? target, href: null };
    case "POST_FEATURED":
      return { ...base, icon: Star, key: "featured" };
    case "POST_SUBSCRIBED":
      return { ...base, icon: Bell, key: "subscribed" };
    case "POST_UNSUBSCRIBED":
      return { ...base, icon: BellOff, key: "unsubscribed" };
    case "FOLLOWED_POST":
      return { ...base, icon: FilePlus, key: "newPost" };
    case "WATCHED_POST":
      // The content names what the member watches that the post is in ("Cooking" or "#baking").
      return n.content
        ? { ...base, icon: FilePlus, key: "watchedIn", values: { where: n.content } }
        : { ...base, icon: FilePlus, key: "watched" };
    case "USER_FOLLOWED":
      return { ...base, icon: UserPlus, key: "followed", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_UNFOLLOWED":
      return { ...base, icon: UserPlus, key: "unfollowed", href: actor ? `/u/${encodeURIComponent(actor)}` : null };
    case "USER_ACTIVITY":
      return { ...base, icon: Zap, key: post ? "activeOn" : "active", snippet: n.excerpt };
    case "REGISTER_REQUEST":
      return { ...base, icon: UserPlus, key: "registerRequest", snippet: n.excerpt, href: null };
    case "ACTIVITY_REDEEM":
    case "POINT_REDEEM":
      return { ...base, icon: Gift, key: "redeemed", snippet: n.excerpt, href: null };
    case "REDEMPTION_FULFILLED":
      // The content is the good's name; the member's points history shows the redemption fulfilled.
      return { ...base, icon: PackageCheck, key: "redemptionFulfilled", values: { good: n.content ?? "" }, href: "/points" };
    case "DATA_EXPORT_READY":
      return { ...base, actor: null, icon: Archive, key: "dataExportReady", href: "/settings/data" };
    case "LOTTERY_WIN":
      return { ...base, actor: null, icon: Trophy, key: "lotteryWin" };
    case "LOTTERY_DRAW":
      return { ...base, actor: null, icon: Dices, key: "lotteryDraw", snippet: lotteryDrawNumbers(n.content) ? null : n.excerpt };
    case "POLL_VOTE":
      return { ...base, icon: Vote, key: "pollVote" };
    case "POLL_RESULT_OWNER":
      return { ...base, actor: null, icon: ChartColumn, key: "pollEndedOwner" };
    case "POLL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: ChartColumn, key: "pollEndedVoter" };
    case "CATEGORY_PROPOSAL_RESULT_OWNER":
      return { ...base, actor: null, icon: ChartColumn, key: "proposalOwner" };
    case "CATEGORY_PROPOSAL_RESULT_PARTICIPANT":
      return { ...base, actor: null, icon: ChartColumn, key: "proposalVoter" };
    case "DONATION":
      return { ...base, icon: HeartHandshake, key: "donation", snippet: n.excerpt };
  }
}

/** A notification's sentence in the page's language: rich (actor bold, title coloured) and as plain text. */
export function useNotificationSentence() {
  const t = useTranslations("NotificationText");
  const tn = useTranslations("Notifications");
  const tr = useTranslations("Reactions");
  const shown = useShownName();
  return (n: NotificationDto, d: NotificationLine = describeNotification(n)) => {
    const { reactionType, ...rest } = d.values;
    const values = {
      ...rest,
      actor: d.actor ? shown(d.actor) : tn("someone"),
      title: d.target ?? tn("hiddenPost"),
      reaction: reactionType ? tr(`type.${reactionType}`) : "",
    };
    const draw = n.type === "LOTTERY_DRAW" ? lotteryDrawNumbers(n.content) : null;
    return {
      rich: t.rich(d.key, {
        ...values,
        who: (c: ReactNode) => <strong className="font-semibold">{c}</strong>,
        post: (c: ReactNode) => <span className="font-medium text-sky-800 dark:text-sky-300">{c}</span>,
      }),
      text: t.markup(d.key, { ...values, who: (c: string) => c, post: (c: string) => c }),
      snippet: draw ? t("lotteryDrawSummary", draw) : d.snippet,
    };
  };
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
  const tn = useTranslations("Notifications");
  const d = describeNotification(n);
  const sentence = useNotificationSentence()(n, d);
  const shown = useShownName();
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
            aria-label={tn("profileLabel", { name: shown(n.fromUser.username) })}
            data-testid="notification-actor"
            className="block rounded-full focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            <Avatar src={n.fromUser.avatar} name={shown(n.fromUser.username)} size={36} />
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
          {!n.read ? <span className="sr-only">{`${tn("unreadMark")} `}</span> : null}
          {d.href ? (
            <Link href={d.href} onClick={() => onOpen(n)} className="hover:underline focus-visible:outline-2 focus-visible:outline-sky-600">
              {sentence.rich}
            </Link>
          ) : (
            sentence.rich
          )}
        </p>
        {sentence.snippet ? <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{sentence.snippet}</p> : null}
        <RelativeTime iso={n.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400" />
      </div>
      {!n.read ? (
        <button
          type="button"
          onClick={() => onMarkRead(n)}
          className="h-8 shrink-0 self-start rounded-md px-2 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
          aria-label={tn("markReadLabel", { what: sentence.text })}
        >
          {tn("markRead")}
        </button>
      ) : null}
    </li>
  );
}
