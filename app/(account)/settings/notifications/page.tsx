import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { NotificationPrefs } from "@/components/notifications/notification-prefs";
import { receivableNotificationTypes } from "@/lib/notification-types";
import { pageViewer } from "@/lib/cache/page-reader";
import { notificationKeys } from "@/lib/client/query-keys";
import { getPrefs } from "@/lib/services/notifications/notifications";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("notificationsMeta") };
}

export default async function NotificationSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/notifications");
  const qc = new QueryClient();
  qc.setQueryData(notificationKeys.prefs(), await getPrefs(viewer));
  const t = await getTranslations("SettingsPages");
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("notificationsHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("notificationsIntro", {
            inbox: (c) => (
              <Link href="/notifications" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
            email: (c) => (
              <Link href="/settings/email" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
          })}
        </p>
      </div>
      <HydrationBoundary state={dehydrate(qc)}>
        <NotificationPrefs types={receivableNotificationTypes(viewer.role)} standalone />
      </HydrationBoundary>
    </div>
  );
}
