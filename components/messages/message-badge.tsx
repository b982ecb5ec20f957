"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { Mail } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useMessageEvents, useUnreadMessages } from "@/components/messages/use-messages";

const TITLE_COUNT = /^\(\d+\+?\) /;

/**
 * Keeps "(N) " in front of the tab's title while N messages are unread. Next.js sets the title on
 * each navigation, so the prefix is put back whenever the <title> changes.
 */
function useTitleCount(count: number) {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(TITLE_COUNT, "");
      const want = count > 0 ? `(${count > 99 ? "99+" : count}) ${base}` : base;
      if (document.title !== want) document.title = want;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(TITLE_COUNT, "");
    };
  }, [count]);
}

/**
 * The unread direct messages of the signed-in member: a link to /messages with the count (the header
 * on wide screens; on phones the menu has the entry). `initial`: the count the server rendered the header
 * with (a shared page's comes with page-state). Live events keep it current; no polling.
 */
export function MessageBadge({ className = "", initial }: { className?: string; initial?: number }) {
  const t = useTranslations("Messages.badge");
  const { data } = useUnreadMessages(true, initial);
  const count = data ?? 0;
  const label = count > 0 ? t("labelUnread", { count }) : t("label");
  return (
    <Link
      href="/messages"
      className={`relative h-9 items-center gap-1 rounded-md px-2 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-800 ${className || "inline-flex"}`}
      aria-label={label}
      title={t("label")}
      data-testid="message-count"
    >
      <Mail className="h-5 w-5" aria-hidden="true" />
      {count > 0 ? (
        <span aria-hidden="true" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

/** The live part and the tab title, once per page (the header mounts it beside the badge). */
export function MessageWatch() {
  const { data } = useUnreadMessages();
  useMessageEvents();
  useTitleCount(data ?? 0);
  return null;
}
