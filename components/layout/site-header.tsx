import { HeaderBar } from "@/components/layout/header-bar";
import { env } from "@/lib/env";
import { pageAccount, pageReader } from "@/lib/cache/page-reader";
import { unreadCount } from "@/lib/services/notifications/notifications";
import { unreadMessageCount } from "@/lib/services/messages/conversations";
import { reviewQueueCount } from "@/lib/services/moderation/moderation";
import { headerAccount } from "@/lib/services/users/users";
import { siteTexts } from "@/lib/site-texts";
import { isModerator } from "@/lib/permissions";

/**
 * The site header: reads who is signed in, their unread count and (staff) the review queue, and hands
 * that to HeaderBar, a client component, so the RSC payload carries these few values rather than the
 * header's markup a second time on every page.
 */
export async function SiteHeader() {
  // On every page, so read as the page is (lib/cache/page-reader.ts). In the document members share, the
  // member's part comes from the browser (ShellMarks); in the anonymous one there is none.
  const [{ viewer, shared }, texts] = await Promise.all([pageReader(), siteTexts()]);
  const site = {
    name: texts.name,
    logoLight: texts.identity.logoLight,
    logoDark: texts.identity.logoDark,
    links: texts.identity.links.filter((l) => l.place === "header").map(({ label, url }) => ({ label, url })),
  };
  if (shared && viewer) return <HeaderBar site={site} me="deferred" unread={0} review={null} allowance={env().UNVERIFIED_POST_ALLOWANCE} />;
  const [me, unread, messages] = viewer
    ? await Promise.all([pageAccount(), unreadCount(viewer).catch(() => ({ count: 0 })), unreadMessageCount(viewer).catch(() => 0)])
    : [null, { count: 0 }, 0];
  const review = await reviewQueueCount(viewer).catch(() => 0);
  return (
    <HeaderBar
      site={site}
      me={me ? headerAccount(me) : null}
      unread={unread.count}
      messages={messages}
      review={review}
      staff={isModerator(viewer)}
      allowance={env().UNVERIFIED_POST_ALLOWANCE}
    />
  );
}
