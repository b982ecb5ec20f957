"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Icon } from "@/components/ui/icon";
import { SignInLink } from "@/components/layout/sign-in-link";
import { buttonClass } from "@/components/ui/button";
import { Avatar } from "@/components/ui/avatar";
import { HeaderSearch } from "@/components/search/header-search";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { UnreadBadge } from "@/components/notifications/unread-badge";
import { MessageBadge, MessageWatch } from "@/components/messages/message-badge";
import { HeaderMenu } from "@/components/layout/header-menu";
import { VerifyNotice } from "@/components/layout/verify-notice";
import { useShellMe, type HeaderMe } from "@/components/layout/shell-marks";
import { useReviewCount } from "@/components/moderation/use-review-count";

/** What the header shows of the site (issue 61): its name, logos and up to five links. */
export type HeaderSite = { name: string; logoLight: string | null; logoDark: string | null; links: { label: string; url: string }[] };

/** `.nav-link` in app/globals.css. */
const navLink = "nav-link";

/** The header's markup: name, search, New post, review queue (staff), notifications, points, profile, settings, sign in/out, theme. */
export function HeaderBar({
  me: given,
  unread,
  messages,
  review: givenReview,
  staff = false,
  allowance,
  site,
}: {
  /** The site's name, logos and header links (lib/site-texts.ts, issue 61). */
  site: HeaderSite;
  me: HeaderMe | null | "deferred";
  unread: number;
  /** Unread direct messages; undefined on a shared page (page-state brings them). */
  messages?: number;
  /** What waits in the viewer's review queue; null: no queue (members who moderate nothing). */
  review: number | null;
  /** Staff (the admin entry in the menu); a category moderator has the review queue alone. */
  staff?: boolean;
  allowance: number;
}) {
  // "deferred": a members' shared page; page-state fills this in (undefined until it has).
  const t = useTranslations("Header");
  const fetched = useShellMe();
  const me = given === "deferred" ? fetched : given;
  // Kept current by the live `review` event (components/moderation/use-review-count.ts).
  const review = useReviewCount(given === "deferred" ? (fetched?.review ?? null) : givenReview);
  const format = useFormatter();
  return (
    // Opaque on phones, without backdrop-blur: a backdrop filter would make the header the box of the menu's fixed sheet.
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white sm:bg-white/90 sm:backdrop-blur dark:border-zinc-800 dark:bg-zinc-950 sm:dark:bg-zinc-950/90">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-sky-700 focus:px-3 focus:py-2 focus:text-white"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:px-4">
        <Link
          href="/"
          className="mr-2 inline-flex shrink-0 items-center gap-1.5 text-lg font-bold tracking-tight whitespace-nowrap focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {site.logoLight ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded file of any size; no optimizer here */}
              <img
                src={site.logoLight}
                alt=""
                className={`h-7 w-auto max-w-32 ${site.logoDark ? "dark:hidden" : ""}`}
                data-testid="site-logo"
              />
              {site.logoDark ? (
                // eslint-disable-next-line @next/next/no-img-element -- as above
                <img src={site.logoDark} alt="" className="hidden h-7 w-auto max-w-32 dark:block" data-testid="site-logo-dark" />
              ) : null}
            </>
          ) : (
            <Icon name="messages-square" className="h-5 w-5 text-sky-700 dark:text-sky-400" />
          )}
          <span className="sr-only sm:not-sr-only" data-testid="site-name">
            {site.name}
          </span>
        </Link>
        <nav aria-label={t("mainNav")} className="hidden items-center gap-1 sm:flex">
          <Link href="/" className={navLink}>
            {t("home")}
          </Link>
          <Link href="/?tab=featured" className={navLink}>
            {t("featured")}
          </Link>
          <Link href="/categories" className={navLink}>
            {t("categories")}
          </Link>
          {site.links.map((l) => (
            <a key={l.url + l.label} href={l.url} className={navLink} data-testid="header-custom-link">
              {l.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto hidden min-w-0 flex-1 justify-end sm:flex">
          <HeaderSearch />
        </div>
        <Link href="/search" className={`${navLink} ml-auto sm:hidden`} aria-label={t("search")}>
          <Icon name="search" className="h-5 w-5" />
        </Link>
        <div className="flex items-center gap-1">
          {me === undefined ? (
            // About the width of what replaces it (New post, notifications, points, profile, menu), so nothing moves.
            <span
              className="inline-block h-9 w-40 animate-pulse rounded-md bg-zinc-100 sm:w-[18rem] md:w-[23rem] dark:bg-zinc-800"
              data-testid="header-account-loading"
            >
              <span className="sr-only">{t("loadingAccount")}</span>
            </span>
          ) : me ? (
            <>
              {me.suspension ? null : (
                // Suspended: no New post while it lasts (components/layout/suspension-banner.tsx says why).
                <Link href="/new" className={buttonClass("primary", "sm")}>
                  <Icon name="plus" className="h-4 w-4" />
                  <span className="sr-only sm:not-sr-only">{t("newPost")}</span>
                </Link>
              )}
              {review !== null ? (
                <Link
                  href="/review"
                  className={`${navLink} gap-1`}
                  aria-label={t("reviewQueue", { count: review })}
                  data-testid="review-count"
                >
                  <Icon name="shield-check" className="h-5 w-5" />
                  {review > 0 ? (
                    <span className="rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-zinc-950">
                      {review > 99 ? "99+" : review}
                    </span>
                  ) : null}
                </Link>
              ) : null}
              <UnreadBadge initial={unread} />
              {/* Direct messages: the count (on phones in the menu) and the tab title. */}
              <MessageBadge className="hidden sm:inline-flex" initial={messages} />
              <MessageWatch />
              {/* On phones the balance is on the profile page: the header must fit 390 px with the staff icons. */}
              <Link href="/points" className="nav-link hidden sm:inline-flex" title={t("yourPoints")} data-testid="header-points">
                <Icon name="coins" className="h-4 w-4" />
                <span className="ml-1">
                  {format.number(me.point)}
                  <span className="sr-only">{t("pointsSuffix", { count: me.point })}</span>
                </span>
              </Link>
              <Link
                href={`/u/${encodeURIComponent(me.username)}`}
                className={`${navLink} gap-2`}
                aria-label={t("yourProfile", { username: me.username })}
              >
                <Avatar src={me.avatar} name={me.username} size={24} decorative />
                <span className="hidden md:inline">{me.username}</span>
              </Link>
              {/* Settings, points and shop, the admin entry and Sign out (and on phones everything else). */}
              <HeaderMenu me={me} unread={unread} review={review} staff={staff} />
            </>
          ) : (
            <>
              <SignInLink className={`${navLink} whitespace-nowrap`} />
              <Link href="/register" className={buttonClass("primary", "sm")}>
                {t("register")}
              </Link>
              <HeaderMenu me={null} unread={0} review={null} />
            </>
          )}
          {/* On phones the theme is in the menu. */}
          <div className="hidden sm:contents">
            <ThemeToggle />
          </div>
        </div>
      </div>
      {me?.unverifiedEmail ? <VerifyNotice email={me.unverifiedEmail} allowance={allowance} /> : null}
    </header>
  );
}
