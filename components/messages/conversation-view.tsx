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
  const qc = useQueryClient();
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
      if (e.actorId !== me.id) void qc.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
      return;
    }
    if (e.type === "message" && document.visibilityState !== "visible") {
      hiddenNews.current = true;
      return;
    }
    // Opening the newest page marks it read for the member (GET), and brings every read mark.
    void refreshNewest(qc, conversationId);
    if (e.type === "message" && e.actorId !== me.id) setAnnounce(t("view.newMessage"));
  });
  const react = useReactToMessage(conversationId, me.username);

  // Scrolling: to the bottom at first and when a message arrives near it; kept in place when older ones load above.
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  const lastMine = messages.at(-1)?.sender.id === me.id;
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
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
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
              const mine = m.sender.id === me.id;
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
                <li key={m.id} data-testid="message" data-message-id={m.id}>
                  {m.id === firstUnread ? (
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
                      {!mine && !sameSender && newest.group ? (
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
                      <div className="flex items-center gap-2 px-1 text-xs text-zinc-600 dark:text-zinc-400">
                        <RelativeTime iso={m.createdAt} />
                        {member ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-0.5 rounded hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:text-zinc-100"
                            onClick={() => {
                              setReplyTo(m);
                              composer.current?.focus();
                            }}
                            aria-label={t("view.replyTo", {
                              who: mine ? t("view.yourMessage") : shown(m.sender.username),
                              text: plainLine(m.content, 40),
                            })}
                          >
                            <Reply className="h-3.5 w-3.5" aria-hidden="true" />
                            {t("view.reply")}
                          </button>
                        ) : null}
                        {myLatest && m.id === myLatest.id && seenBy > 0 ? (
                          <span className="inline-flex items-center gap-0.5 text-sky-700 dark:text-sky-400" data-testid="read-receipt">
                            <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" />
                            {newest.group ? t("view.seenBy", { count: seenBy, total: readers.length }) : t("view.seen")}
                          </span>
                        ) : null}
                      </div>
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
            nearBottom.current = true;
          }}
          onCancelReply={() => setReplyTo(null)}
        />
      ) : null}
    </div>
  );
}
