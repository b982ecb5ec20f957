import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { WatchList } from "@/components/settings/watch-list";
import { pageViewer } from "@/lib/cache/page-reader";
import { listWatches } from "@/lib/services/notifications/watches";

export const metadata: Metadata = { title: "Watching and muting" };

/** The categories and tags the member watches or muted (issue 47). */
export default async function WatchingSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/watching");
  const watches = await listWatches(viewer.id);
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Watching and muting</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Watch a category or tag to be notified of every new post in it (and mailed, as your{" "}
          <a href="/settings/email" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
            email settings
          </a>{" "}
          say). Mute one to hide its posts from your home list; its own page still shows them.
        </p>
      </div>
      <WatchList initial={watches} />
    </div>
  );
}
