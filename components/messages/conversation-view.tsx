"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ArrowLeft, CheckCheck, Reply, Users } from "lucide-react";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { type ComposerHandle } from "@/components/composer/composer";
import { conversationTitle, plainLine, systemLine } from "@/components/messages/conversation-list";
import { ReactionBar } from "@/components/reactions/reaction-bar";
import {
  messageKeys,
  refreshNewest,
  useConversation,
  useMarkRead,
  useMessageEvents,
  useReactToMessage,
} from "@/components/messages/use-messages";
import { AddPeople } from "@/components/messages/add-people";
import { MessageComposer } from "@/components/messages/message-composer";
import { MAX_GROUP_MEMBERS } from "@/lib/validation/message-limits";
import type { ConversationDetailDto, MessageDto } from "@/lib/validation/messages";
import { MemberName, useShownName } from "@/components/people/member-name";
import { isDeletedName } from "@/lib/deleted-member";

type Me = { id: number; username: string };

/** Close enough to the bottom that a new message should scroll into view. */
const NEAR_BOTTOM_PX = 120;

/**
 * Read marks and live news of the conversation: shown, it is marked read (hidden, in another tab, once
 * it is shown again); a new message or read mark refreshes the newest page, a reaction every page.
 * Returns the text announced to screen readers.
 */
function useLiveConversation(conversationId: number, member: boolean, meId: number): string {
  const t = useTranslations("Messages");
  const qc = useQueryClient();
  const markRead = useMarkRead(conversationId);
  const { mutate: markReadNow } = markRead;
  const hiddenNews = useRef(false);
  // Shown: read. Hidden (another tab in front): once it is shown again.
  useEffect(() => {
    if (!member) return;
    const onShow = () => {
      if (document.visibilityState !== "visible") return;
      if (hiddenNews.current) {
        hiddenNews.current = false;
        void refreshNewest(qc, conversationId);
      } else markReadNow();
    };
    onShow();
    document.addEventListener("visibilitychange", onShow);
    return () => document.removeEventListener("visibilitychange", onShow);
  }, [member, markReadNow, qc, conversationId]);

  const [announce, setAnnounce] = useState("");
  useMessageEvents((e) => {
    if (e.conversationId !== conversationId) return;
    if (e.kind === "reaction") {
      // Someone's reaction: every loaded page again (the message may be an old one); the member's own came with their answer.
      if (e.actorId !== meId) void qc.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
      return;
    }
    if (e.type === "message" && document.visibilityState !== "visible") {
      hiddenNews.current = true;
      return;
    }
    // Opening the newest page marks it read for the member (GET), and brings every read mark.
    void refreshNewest(qc, conversationId);
    if (e.type === "message" && e.actorId !== meId) setAnnounce(t("view.newMessage"));
  });
  return announce;
}

/**
 * Scrolling: to the bottom at first and when a message arrives near it; kept in place when older ones
 * load above (by the button, or by scrolling `top` into view).
 */
function useMessageScroll(messages: MessageDto[], meId: number, query: ReturnType<typeof useConversation>) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  const lastMine = messages.at(-1)?.sender.id === meId;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [firstId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && (nearBottom.current || lastMine)) el.scrollTop = el.scrollHeight;
  }, [lastId, lastMine]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage || !scroller.current) return;
    heightBeforeOlder.current = scroller.current.scrollHeight;
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = top.current;
    if (!el || !scroller.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadOlder(), {
      root: scroller.current,
      rootMargin: "200px 0px 0px 0px",
    });
    io.observe(el);
    return () => io.disconnect();
  }, [loadOlder]);

  return { scroller, nearBottom, top, loadOlder };
}

/**
 * One conversation (/messages/{id}): its messages oldest to newest, older ones loaded by scrolling up
 * (or the button at the top), new ones arriving live; the composer of comments (toolbar, mentions,
 * pasted images, a draft kept in this browser) with Ctrl/⌘ + Enter to send; read receipts under the
 * member's latest message that the others have seen. Staff reading under the site's setting see it
 * without a composer.
 */
export function ConversationView({ initial, me }: { initial: ConversationDetailDto; me: Me }) {
  const t = useTranslations("Messages");
  const shown = useShownName();
  const conversationId = initial.id;
  const query = useConversation(conversationId, initial);
  const pages = useMemo(() => query.data?.pages ?? [initial], [query.data, initial]);
  const newest = pages[0]!;
  const member = newest.participants.some((p) => p.id === me.id);
  const messages = useMemo(() => {
    const seen = new Set<number>();
    const all: MessageDto[] = [];
    for (const p of pages) for (const m of p.messages.content) if (!seen.has(m.id) && seen.add(m.id)) all.push(m);
    return all.sort((a, b) => a.id - b.id);
  }, [pages]);
  // Where "New messages" starts: the member's read mark when the page opened.
  const [firstUnread] = useState(() => {
    const mark = initial.reads.find((r) => r.userId === me.id)?.lastReadMessageId ?? 0;
    return initial.messages.content
      .filter((m) => m.id > mark && m.sender.id !== me.id)
      .map((m) => m.id)
      .sort((a, b) => a - b)[0];
  });

  const announce = useLiveConversation(conversationId, member, me.id);
  const react = useReactToMessage(conversationId, me.username);

  const { hasNextPage, isFetchingNextPage } = query;
  const { scroller, nearBottom: nearBottomRef, top, loadOlder } = useMessageScroll(messages, me.id, query);

  // Read receipts: under the member's latest message the others have read.
  const others = newest.participants.filter((p) => p.id !== me.id);
  const readers = newest.reads.filter((r) => r.userId !== me.id);
  const myLatest = [...messages].reverse().find((m) => m.sender.id === me.id);
  const seenBy = myLatest ? readers.filter((r) => r.lastReadMessageId >= myLatest.id).length : 0;

  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const composer = useRef<ComposerHandle>(null);
  const title = conversationTitle(newest, me.id, t("onlyYou"), shown);

  return (
    <div className="mx-auto flex h-[calc(100dvh-7.5rem)] min-h-[26rem] w-full max-w-3xl flex-col gap-2">
      <ConversationHeader conversation={newest} others={others} title={title} member={member} />

      {!member ? (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {t("view.staffNote")}
        </p>
      ) : null}

      <div
        ref={scroller}
        role="log"
        aria-label={t("view.log", { title })}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottomRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 focus-visible:outline-2 focus-visible:outline-sky-600 sm:p-3 dark:border-zinc-800"
        data-testid="message-log"
      >
        {/* Few messages sit at the bottom, next to the composer, as in any chat. */}
        <div className="flex min-h-full flex-col justify-end">
          <div ref={top} className="flex justify-center pb-2">
            {hasNextPage ? (
              <Button type="button" size="sm" variant="ghost" onClick={loadOlder} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? t("view.loading") : t("view.loadOlder")}
              </Button>
            ) : messages.length ? (
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("view.beginning")}</span>
            ) : (
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("view.empty")}</span>
            )}
          </div>
          <ol className="space-y-2">
            {messages.map((m, i) => {
              const prev = messages[i - 1];
              const sameSender = prev && !prev.event && prev.sender.id === m.sender.id && m.id !== firstUnread;
              if (m.event) {
                // A system line (members added): centred, in the reader's language.
                return (
                  <li
                    key={m.id}
                    data-testid="system-line"
                    data-message-id={m.id}
                    className="py-1 text-center text-xs text-zinc-600 dark:text-zinc-400"
                  >
                    {systemLine(t, m, newest.participants, me.id, shown)}
                  </li>
                );
              }
              return (
                <MessageItem
                  key={m.id}
                  m={m}
                  me={me}
                  sameSender={!!sameSender}
                  firstUnread={m.id === firstUnread}
                  group={newest.group}
                  member={member}
                  seen={myLatest && m.id === myLatest.id && seenBy > 0 ? { count: seenBy, total: readers.length } : null}
                  react={react}
                  onReply={() => {
                    setReplyTo(m);
                    composer.current?.focus();
                  }}
                />
              );
            })}
          </ol>
        </div>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
      {member ? (
        <MessageComposer
          conversationId={conversationId}
          me={me}
          composer={composer}
          replyTo={replyTo}
          onSent={() => {
            setReplyTo(null);
            nearBottomRef.current = true;
          }}
          onCancelReply={() => setReplyTo(null)}
        />
      ) : null}
    </div>
  );
}

/** The conversation's head: back link, avatar or group icon, title, members or profile link, and adding people. */
function ConversationHeader({
  conversation,
  others,
  title,
  member,
}: {
  conversation: ConversationDetailDto;
  others: ConversationDetailDto["participants"];
  title: string;
  member: boolean;
}) {
  const t = useTranslations("Messages");
  const shown = useShownName();
  const newest = conversation;
  const conversationId = conversation.id;
  return (
    <div className="relative flex items-center gap-2 border-b border-zinc-200 pb-2 dark:border-zinc-800">
      <Link href="/messages" className="nav-link" aria-label={t("view.back")}>
        <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      </Link>
      {newest.group ? (
        <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
          <Users className="h-4 w-4" />
        </span>
      ) : others[0] ? (
        <Avatar src={others[0].avatar} name={shown(others[0].username)} size={32} decorative />
      ) : null}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold">{title}</h1>
        {newest.group ? (
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" data-testid="conversation-members">
            {t("view.members", {
              count: newest.participants.length,
              names: newest.participants.map((p) => shown(p.username)).join(", "),
            })}
          </p>
        ) : others[0] && !isDeletedName(others[0].username) ? (
          <Link href={`/u/${encodeURIComponent(others[0].username)}`} className="text-xs text-sky-700 underline dark:text-sky-400">
            {t("view.viewProfile")}
          </Link>
        ) : null}
      </div>
      {newest.group && member && newest.participants.length < MAX_GROUP_MEMBERS ? (
        <AddPeople conversationId={conversationId} room={MAX_GROUP_MEMBERS - newest.participants.length} />
      ) : null}
    </div>
  );
}

/** One message: the "New messages" rule, avatar, name in a group, bubble, time, reply, read receipt, reactions. */
function MessageItem({
  m,
  me,
  sameSender,
  firstUnread,
  group,
  member,
  seen,
  react,
  onReply,
}: {
  m: MessageDto;
  me: Me;
  sameSender: boolean;
  firstUnread: boolean;
  group: boolean;
  member: boolean;
  /** On the member's latest message that others have read: how many (of how many readers). */
  seen: { count: number; total: number } | null;
  react: ReturnType<typeof useReactToMessage>;
  onReply: () => void;
}) {
  const t = useTranslations("Messages");
  const shown = useShownName();
  const mine = m.sender.id === me.id;
  return (
    <li data-testid="message" data-message-id={m.id}>
      {firstUnread ? (
        <div
          className="my-2 flex items-center gap-2 text-xs font-medium text-red-700 dark:text-red-400"
          role="separator"
          aria-label={t("view.newMessages")}
        >
          <span className="h-px flex-1 bg-red-300 dark:bg-red-800" />
          {t("view.newMessages")}
          <span className="h-px flex-1 bg-red-300 dark:bg-red-800" />
        </div>
      ) : null}
      <div className={`flex items-end gap-2 ${mine ? "justify-end" : ""}`}>
        {!mine ? (
          <span className="w-7 shrink-0">
            {sameSender ? null : <Avatar src={m.sender.avatar} name={m.sender.username} size={28} decorative />}
          </span>
        ) : null}
        <div className={`max-w-[85%] min-w-0 sm:max-w-[75%] ${mine ? "items-end" : "items-start"} flex flex-col`}>
          {!mine && !sameSender && group ? (
            <span className="px-1 text-xs font-medium">
              <MemberName username={m.sender.username} />
            </span>
          ) : null}
          <div
            className={`rounded-2xl border px-3 py-2 ${
              mine
                ? "rounded-br-sm border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950"
                : "rounded-bl-sm border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
            }`}
          >
            <span className="sr-only">{mine ? t("view.you") : shown(m.sender.username)}: </span>
            {m.replyTo ? (
              <p className="mb-1 border-l-2 border-zinc-300 pl-2 text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">
                <span className="font-medium">{shown(m.replyTo.sender.username)}</span>: {plainLine(m.replyTo.content, 80)}
              </p>
            ) : null}
            <div className="markdown-body text-sm break-words" dangerouslySetInnerHTML={{ __html: m.html }} />
          </div>
          <MessageMeta m={m} mine={mine} group={group} member={member} seen={seen} onReply={onReply} />
          <div className="px-1" data-testid="message-reactions">
            <ReactionBar
              label={t("view.reactions")}
              reactions={m.reactions}
              me={me.username}
              size="sm"
              readOnly={!member}
              onToggle={async (type) => {
                await react.mutateAsync({ messageId: m.id, type });
              }}
            />
          </div>
        </div>
      </div>
    </li>
  );
}

/** Under a bubble: its time, the reply button (members only) and, on the member's latest message, who has seen it. */
function MessageMeta({
  m,
  mine,
  group,
  member,
  seen,
  onReply,
}: {
  m: MessageDto;
  mine: boolean;
  group: boolean;
  member: boolean;
  seen: { count: number; total: number } | null;
  onReply: () => void;
}) {
  const t = useTranslations("Messages");
  const shown = useShownName();
  return (
    <div className="flex items-center gap-2 px-1 text-xs text-zinc-600 dark:text-zinc-400">
      <RelativeTime iso={m.createdAt} />
      {member ? (
        <button
          type="button"
          className="inline-flex items-center gap-0.5 rounded hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:text-zinc-100"
          onClick={onReply}
          aria-label={t("view.replyTo", {
            who: mine ? t("view.yourMessage") : shown(m.sender.username),
            text: plainLine(m.content, 40),
          })}
        >
          <Reply className="h-3.5 w-3.5" aria-hidden="true" />
          {t("view.reply")}
        </button>
      ) : null}
      {seen ? (
        <span className="inline-flex items-center gap-0.5 text-sky-700 dark:text-sky-400" data-testid="read-receipt">
          <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" />
          {group ? t("view.seenBy", { count: seen.count, total: seen.total }) : t("view.seen")}
        </span>
      ) : null}
    </div>
  );
}
