"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { buttonClass } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { SpriteIcon } from "@/components/ui/icon-names";
import { Link } from "@/components/ui/link";
import { useFocusTrap } from "@/components/ui/use-focus-trap";
import { SignInLink } from "@/components/layout/sign-in-link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { HeaderSignOut } from "@/components/layout/user-menu";
import type { HeaderMe } from "@/components/layout/shell-marks";
import { api } from "@/lib/client/api-client";
import { notificationKeys } from "@/lib/client/query-keys";
import { useUnreadMessages } from "@/components/messages/use-messages";

const item =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 sm:min-h-9 dark:text-zinc-200 dark:hover:bg-zinc-800";
const count = "ml-auto rounded-full px-1.5 text-xs font-semibold";

/** One entry of the menu. `phone`: only on phones, where the header bar has no room for it. */
function MenuLink({
  href,
  icon,
  children,
  phone = false,
  badge,
  testId,
}: {
  href: string;
  icon: SpriteIcon;
  children: ReactNode;
  phone?: boolean;
  badge?: ReactNode;
  testId?: string;
}) {
  const here = usePathname() === href.split(/[?#]/)[0];
  return (
    <li className={phone ? "sm:hidden" : undefined}>
      <Link href={href} className={item} aria-current={here ? "page" : undefined} data-testid={testId}>
        <Icon name={icon} className="h-5 w-5 shrink-0 text-zinc-500 dark:text-zinc-400" />
        <span className="min-w-0 flex-1 truncate">{children}</span>
        {badge}
      </Link>
    </li>
  );
}

const group = "space-y-0.5 border-t border-zinc-200 px-2 py-2 first:border-t-0 dark:border-zinc-800";

/**
 * The menu's open state: a modal dialog whose focus stays in (and returns to the button), closed by a
 * navigation; on phones the page behind the sheet does not scroll.
 */
function useMenuDialog() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useFocusTrap(panel, open, close, button);

  // A link in the menu navigated: the menu has done its job.
  const pathname = usePathname();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    if (open) setOpen(false);
  }

  // The sheet covers the page on phones: the page behind it does not scroll.
  useEffect(() => {
    if (!open || !window.matchMedia("(max-width: 639.98px)").matches) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = before;
    };
  }, [open]);

  return { open, setOpen, id, button, panel, close };
}

/** The unread notifications and messages (none for a visitor). */
function useMenuCounts(me: HeaderMe | null, unread: number) {
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: api.unreadCount,
    initialData: { count: unread },
    staleTime: Infinity,
    enabled: !!me,
  });
  const unreadNow = me ? (data?.count ?? 0) : 0;
  const messagesUnread = useUnreadMessages(!!me).data ?? 0;
  return { unreadNow, messagesUnread };
}

/**
 * The header's menu: on phones a sheet from the right with everything the header and the
 * desktop menu offer (the bar has room only for search, New post, the review queue, notifications and
 * the avatar); from the `sm` breakpoint up a dropdown under the avatar with the member's pages, the
 * admin entry for staff and Sign out, away from the avatar itself. A modal dialog either way: focus
 * moves in and stays in, Escape or a click outside closes it, and focus returns to the button.
 */
export function HeaderMenu({
  me,
  unread,
  review,
  staff = false,
}: {
  me: HeaderMe | null;
  unread: number;
  review: number | null;
  staff?: boolean;
}) {
  const t = useTranslations("Menu");
  const { open, setOpen, id, button, panel, close } = useMenuDialog();
  const { unreadNow, messagesUnread } = useMenuCounts(me, unread);

  return (
    <div className={`relative ${me ? "" : "sm:hidden"}`}>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t("menu")}
        title={t("menu")}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-9 min-w-9 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
        data-testid="header-menu-button"
      >
        <Icon name="menu" className="h-5 w-5 sm:hidden" />
        <Icon name="chevron-down" className={`hidden h-4 w-4 transition-transform sm:inline-block ${open ? "rotate-180" : ""}`} />
      </button>
      {open ? (
        <>
          <div className="fixed inset-0 z-40 bg-zinc-950/50 sm:bg-transparent" aria-hidden="true" onClick={close} />
          <div
            ref={panel}
            id={id}
            role="dialog"
            aria-modal="true"
            aria-label={t("menu")}
            data-testid="header-menu"
            className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto overscroll-contain bg-white shadow-xl sm:absolute sm:inset-y-auto sm:top-full sm:mt-2 sm:max-h-[calc(100vh-5rem)] sm:w-64 sm:rounded-lg sm:border sm:border-zinc-200 dark:bg-zinc-900 sm:dark:border-zinc-700"
          >
            <MenuHead me={me} close={close} />
            <BrowseGroup />
            {me ? <YouGroup me={me} unreadNow={unreadNow} messagesUnread={messagesUnread} /> : null}
            {me && review !== null ? <StaffGroup review={review} staff={staff} /> : null}
            <MenuFoot me={me} />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The member's avatar, name and points (or the menu's name for a visitor), and the phone sheet's close button. */
function MenuHead({ me, close }: { me: HeaderMe | null; close: () => void }) {
  const t = useTranslations("Menu");
  const format = useFormatter();
  return (
    <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      {me ? (
        <>
          <Avatar src={me.avatar} name={me.username} size={36} decorative />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{me.username}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              <Icon name="coins" className="mr-1 h-3.5 w-3.5 align-[-2px]" />
              {t("points", { count: me.point, formatted: format.number(me.point) })}
            </p>
          </div>
        </>
      ) : (
        <p className="flex-1 font-semibold">{t("menu")}</p>
      )}
      <button
        type="button"
        onClick={close}
        aria-label={t("close")}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 sm:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <Icon name="x" className="h-5 w-5" />
      </button>
    </div>
  );
}

/** The forum's own pages, on phones only (the desktop header links to them). */
function BrowseGroup() {
  const t = useTranslations("Menu");
  return (
    <ul className={`${group} sm:hidden`} aria-label={t("browse")}>
      <MenuLink href="/" icon="house">
        {t("home")}
      </MenuLink>
      <MenuLink href="/?tab=featured" icon="star">
        {t("featured")}
      </MenuLink>
      <MenuLink href="/categories" icon="folder">
        {t("categories")}
      </MenuLink>
      <MenuLink href="/tags" icon="tags">
        {t("tags")}
      </MenuLink>
      <MenuLink href="/search" icon="search">
        {t("search")}
      </MenuLink>
    </ul>
  );
}

/** The member's pages; notifications and messages (with their unread counts) on phones only. */
function YouGroup({ me, unreadNow, messagesUnread }: { me: HeaderMe; unreadNow: number; messagesUnread: number }) {
  const t = useTranslations("Menu");
  return (
    <ul className={group} aria-label={t("you")}>
      <MenuLink href={`/u/${encodeURIComponent(me.username)}`} icon="user">
        {t("yourProfile")}
      </MenuLink>
      <MenuLink
        href="/notifications"
        icon="bell"
        phone
        badge={unreadNow > 0 ? <span className={`${count} bg-red-600 text-white`}>{unreadNow > 99 ? "99+" : unreadNow}</span> : null}
      >
        {t("notifications")}
        {unreadNow > 0 ? <span className="sr-only">{t("unread", { count: unreadNow })}</span> : null}
      </MenuLink>
      <MenuLink
        href="/messages"
        icon="message-square"
        phone
        testId="menu-messages"
        badge={
          messagesUnread > 0 ? (
            <span className={`${count} bg-red-600 text-white`}>{messagesUnread > 99 ? "99+" : messagesUnread}</span>
          ) : null
        }
      >
        {t("messages")}
        {messagesUnread > 0 ? <span className="sr-only">{t("unread", { count: messagesUnread })}</span> : null}
      </MenuLink>
      <MenuLink href="/points" icon="coins" testId="menu-points">
        {t("pointsAndShop")}
      </MenuLink>
      <MenuLink href="/settings/profile" icon="settings">
        {t("settings")}
      </MenuLink>
    </ul>
  );
}

/** The admin entry for staff and the review queue (with how many items wait) for moderators. */
function StaffGroup({ review, staff }: { review: number; staff: boolean }) {
  const t = useTranslations("Menu");
  return (
    <ul className={group} aria-label={t(staff ? "staff" : "moderation")}>
      {staff ? (
        <MenuLink href="/admin" icon="layout-dashboard" testId="menu-admin">
          {t("admin")}
        </MenuLink>
      ) : null}
      <MenuLink
        href="/review"
        testId="menu-review"
        icon="shield-check"
        badge={review > 0 ? <span className={`${count} bg-amber-500 text-zinc-950`}>{review > 99 ? "99+" : review}</span> : null}
      >
        {t("reviewQueue")}
        {review > 0 ? <span className="sr-only">{t("waiting", { count: review })}</span> : null}
      </MenuLink>
    </ul>
  );
}

/** The theme switch (phones), then Sign out, or Sign in and Register for a visitor. */
function MenuFoot({ me }: { me: HeaderMe | null }) {
  const t = useTranslations("Menu");
  return (
    <>
      <div className={`${group} sm:hidden`}>
        <ThemeToggle labelled className={item} />
      </div>

      <div className={`${group} mt-auto sm:mt-0`}>
        {me ? (
          <HeaderSignOut className={`${item} disabled:opacity-50`} />
        ) : (
          <div className="flex gap-2 p-1">
            <SignInLink className={buttonClass("secondary", "md", "flex-1")} />
            <Link href="/register" className={buttonClass("primary", "md", "flex-1")}>
              {t("register")}
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
