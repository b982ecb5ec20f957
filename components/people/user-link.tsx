"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { Link } from "@/components/ui/link";
import { Avatar } from "@/components/ui/avatar";
import { MedalChip, RoleBadge } from "@/components/people/medal";
import { PersonActions } from "@/components/people/person-actions";
import { MemberName } from "@/components/people/member-name";
import { isDeletedName } from "@/lib/deleted-member";
import { api } from "@/lib/client/api-client";
import { userKeys } from "@/lib/client/query-keys";

const OPEN_DELAY_MS = 350;

/** Desktop only: a fine pointer that can hover, and a wide enough window for the card. */
function canShowCard(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(hover: hover) and (pointer: fine) and (min-width: 768px)").matches;
}

/** Markdown reduced to a line of text for the card (the profile page renders it properly). */
function plainIntro(md: string): string {
  const text = md
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/**
 * A link to a member's profile that shows a small card with the essentials (avatar, role, medal,
 * join date, level, points, counts, introduction) on hover or keyboard focus, on desktop. The
 * profile is fetched only when the card opens, once per member (React Query cache).
 */
export function UserLink({
  username,
  className,
  displayName,
  children,
  plain = false,
}: {
  username: string;
  /** The name the member chose to show, beside the username (DisplayName). */
  displayName?: string | null;
  className?: string;
  children?: ReactNode;
  /** A plain anchor, inside a ClientNav (components/ui/client-nav.tsx) that makes it navigate in the app. */
  plain?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cardId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const show = (delay: number) => {
    if (!canShowCard()) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  // A deleted account: its name only, in the reader's language; no profile to link to or card to show.
  if (isDeletedName(username)) return <span className={className}>{children ?? <MemberName username={username} />}</span>;
  const anchor = {
    href: `/u/${encodeURIComponent(username)}`,
    className,
    onFocus: () => show(0),
    "aria-describedby": open ? cardId : undefined,
  };
  return (
    <span
      className="ulink"
      onMouseEnter={() => show(OPEN_DELAY_MS)}
      onMouseLeave={hide}
      // The card holds buttons (Follow…): Tab moves from the name into it, and it closes once focus leaves both.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hide();
      }}
    >
      {plain ? (
        <a {...anchor}>{children ?? <NameWithDisplay username={username} displayName={displayName} />}</a>
      ) : (
        <Link {...anchor}>{children ?? <NameWithDisplay username={username} displayName={displayName} />}</Link>
      )}
      {open ? <UserCard id={cardId} username={username} /> : null}
    </span>
  );
}

/** A username with the member's display name beside it (muted), wherever an author is named. */
export function NameWithDisplay({ username, displayName }: { username: string; displayName?: string | null }) {
  return (
    <>
      <MemberName username={username} />
      {displayName ? (
        <span className="display-name ml-1 font-normal text-zinc-600 dark:text-zinc-400" data-testid="display-name">
          {displayName}
        </span>
      ) : null}
    </>
  );
}

/**
 * The card's body: mounted when the card opens, so that a page full of names (a post list, a comment
 * thread) renders and hydrates plain links, and the profile query exists only for a card that is open.
 */
function UserCard({ id, username }: { id: string; username: string }) {
  const t = useTranslations("People");
  const format = useFormatter();
  const profile = useQuery({ queryKey: userKeys.profile(username), queryFn: () => api.profile(username), staleTime: 60_000 });
  const p = profile.data;
  return (
    <span
      id={id}
      role="group"
      aria-label={t("card", { username })}
      data-testid="user-card"
      className="user-card absolute top-full left-0 z-40 mt-1 block w-72 rounded-lg border border-zinc-200 bg-white p-3 text-left text-sm font-normal text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    >
      {p ? (
        <span className="block space-y-2">
          <span className="flex items-center gap-3">
            <Avatar src={p.avatar} name={p.username} size={48} />
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="truncate font-semibold">{p.username}</span>
                <RoleBadge role={p.role} />
              </span>
              {p.displayName ? <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{p.displayName}</span> : null}
              <span className="mt-0.5 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
                <Icon name="calendar-days" className="h-3.5 w-3.5" />
                {t("joined", { date: format.dateTime(new Date(p.createdAt), { year: "numeric", month: "short", timeZone: "UTC" }) })}
              </span>
            </span>
          </span>
          {p.displayMedal ? <MedalChip type={p.displayMedal} /> : null}
          {p.introduction ? <span className="block text-xs text-zinc-700 dark:text-zinc-300">{plainIntro(p.introduction)}</span> : null}
          <span className="grid grid-cols-4 gap-1 text-center text-xs">
            {[
              [t("level"), p.currentLevel],
              [t("points"), p.point],
              [t("posts"), p.postCount],
              [t("comments"), p.commentCount],
            ].map(([label, value]) => (
              <span key={label} className="block rounded bg-zinc-50 py-1 dark:bg-zinc-800">
                <span className="block font-semibold tabular-nums">{format.number(Number(value))}</span>
                <span className="block text-zinc-600 dark:text-zinc-400">{label}</span>
              </span>
            ))}
          </span>
          <PersonActions username={p.username} />
        </span>
      ) : profile.isError ? (
        <span className="text-zinc-600 dark:text-zinc-400">{t("cardError")}</span>
      ) : (
        <span className="text-zinc-600 dark:text-zinc-400">{t("loading")}</span>
      )}
    </span>
  );
}
