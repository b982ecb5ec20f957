"use client";

import { Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { RelativeTime } from "@/components/ui/relative-time";
import { useConversations, useMessageEvents } from "@/components/messages/use-messages";
import type { ConversationDto, MessageDto } from "@/lib/validation/messages";
import { useShownName } from "@/components/people/member-name";

/**
 * A system line's words (members added) in the reader's language, from the event and the members'
 * names; `content` holds the English for other clients.
 */
export function systemLine(
  t: ReturnType<typeof useTranslations<"Messages">>,
  m: Pick<MessageDto, "event" | "sender" | "content">,
  participants: ConversationDto["participants"],
  meId: number,
  nameOf: (username: string) => string = (u) => u,
): string {
  if (!m.event) return m.content;
  const names = m.event.userIds
    .map((id) => {
      const p = participants.find((x) => x.id === id);
      return p ? nameOf(p.username) : `#${id}`;
    })
    .join(", ");
  return m.sender.id === meId ? t("view.youAdded", { names }) : t("view.added", { actor: nameOf(m.sender.username), names });
}

/** A message's text as one plain line (markdown marks and images dropped) for the list. */
export function plainLine(markdown: string, max = 120): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " [code] ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " [image] ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a conversation is called for one member: its name, else the other members' names. */
export function conversationTitle(
  c: Pick<ConversationDto, "name" | "participants">,
  meId: number,
  onlyYou: string,
  nameOf: (username: string) => string = (u) => u,
): string {
  if (c.name) return c.name;
  const others = c.participants.filter((p) => p.id !== meId).map((p) => nameOf(p.username));
  return others.length ? others.join(", ") : onlyYou;
}

/** /messages: the member's conversations, newest first; unread ones bold with their count. Live. */
export function ConversationList({ initial, meId }: { initial: ConversationDto[]; meId: number }) {
  const t = useTranslations("Messages");
  const shown = useShownName();
  const { data } = useConversations(initial);
  useMessageEvents();
  const list = data ?? [];
  if (!list.length) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        {t("list.empty")}
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      data-testid="conversation-list"
    >
      {list.map((c) => {
        const others = c.participants.filter((p) => p.id !== meId);
        const first = others[0] ?? c.participants[0];
        const title = conversationTitle(c, meId, t("onlyYou"), shown);
        const unread = c.unreadCount > 0;
        const last = c.lastMessage;
        return (
          <li key={c.id}>
            <Link
              href={`/messages/${c.id}`}
              className={`flex items-center gap-3 px-3 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-900 ${
                unread ? "bg-sky-50/60 dark:bg-sky-950/30" : ""
              }`}
              aria-label={unread ? t("list.itemUnread", { title, count: c.unreadCount }) : title}
              data-testid="conversation-item"
            >
              {c.group ? (
                <span
                  className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-zinc-200 dark:bg-zinc-800"
                  aria-hidden="true"
                >
                  <Users className="h-5 w-5" />
                </span>
              ) : first ? (
                <Avatar src={first.avatar} name={shown(first.username)} size={40} decorative />
              ) : null}
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${unread ? "font-semibold" : "font-medium"}`}>{title}</span>
                  {last ? <RelativeTime iso={last.createdAt} className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400" /> : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className={`truncate text-sm ${unread ? "text-zinc-900 dark:text-zinc-100" : "text-zinc-600 dark:text-zinc-400"}`}>
                    {last?.event
                      ? systemLine(t, last, c.participants, meId, shown)
                      : last
                        ? last.sender.id === meId
                          ? t("list.mine", { text: plainLine(last.content) })
                          : c.group
                            ? t("list.theirs", { name: shown(last.sender.username), text: plainLine(last.content) })
                            : plainLine(last.content)
                        : t("list.noMessages")}
                  </span>
                  {unread ? (
                    <span
                      className="shrink-0 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
                      aria-hidden="true"
                      data-testid="conversation-unread"
                    >
                      {c.unreadCount > 99 ? "99+" : c.unreadCount}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
