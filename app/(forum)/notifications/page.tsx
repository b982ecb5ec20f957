import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { NotificationInbox } from "@/components/notifications/notification-inbox";
import { INBOX_PAGE_SIZE, inboxKey } from "@/components/notifications/notification-paging";
import { pageViewer } from "@/lib/cache/page-reader";
import { receivableNotificationTypes } from "@/lib/notification-types";
import { notificationKeys } from "@/lib/client/query-keys";
import { listNotificationGroups } from "@/lib/services/notifications/groups";
import { getPrefs, unreadCount } from "@/lib/services/notifications/notifications";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Notifications");
  return { title: t("title") };
}

export default async function NotificationsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/notifications");
  const [t, first, prefs, unread] = await Promise.all([
    getTranslations("Notifications"),
    listNotificationGroups(viewer, { page: 0, pageSize: INBOX_PAGE_SIZE, unread: false }),
    getPrefs(viewer),
    unreadCount(viewer),
  ]);
  const qc = new QueryClient();
  // A JSON round trip: embedded polls use null-prototype maps, which cannot cross to client components.
  qc.setQueryData(inboxKey("all"), { pages: [JSON.parse(JSON.stringify(first)) as typeof first], pageParams: [0] });
  qc.setQueryData(notificationKeys.prefs(), prefs);
  qc.setQueryData(notificationKeys.unreadCount(), unread);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
          <Link href="/settings/email" className="text-sm text-sky-700 underline dark:text-sky-400">
            {t("emailSettings")}
          </Link>
        </div>
        <NotificationInbox prefTypes={receivableNotificationTypes(viewer.role)} />
      </div>
    </HydrationBoundary>
  );
}
