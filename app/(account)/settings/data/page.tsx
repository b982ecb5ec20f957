import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { DataExportSettings } from "@/components/settings/data-export-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { getDataExport } from "@/lib/services/accounts/data-export";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("DataExport"))("meta") };
}

/** Settings → Your data: ask for an archive of everything the member put in the forum, then download it. */
export default async function DataSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/data");
  const t = await getTranslations("DataExport");
  const initial = await getDataExport(viewer);
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </div>
      <DataExportSettings initial={initial} />
    </div>
  );
}
