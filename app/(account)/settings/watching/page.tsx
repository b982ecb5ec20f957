import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { WatchList } from "@/components/settings/watch-list";
import { pageViewer } from "@/lib/cache/page-reader";
import { listWatches } from "@/lib/services/notifications/watches";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("watchingMeta") };
}

/** The categories and tags the member watches or muted. */
export default async function WatchingSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/watching");
  const watches = await listWatches(viewer);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("watchingHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("watchingIntro", {
            link: (c) => (
              <a href="/settings/email" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </a>
            ),
          })}
        </p>
      </div>
      <WatchList initial={watches} />
    </div>
  );
}
