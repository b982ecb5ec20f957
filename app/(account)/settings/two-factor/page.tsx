import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { TwoFactorSettings } from "@/components/settings/two-factor-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { getTwoFactorStatus } from "@/lib/services/auth/two-factor";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("TwoFactor"))("meta") };
}

export default async function TwoFactorPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/two-factor");
  const t = await getTranslations("TwoFactor");
  const status = await getTwoFactorStatus(viewer);
  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </div>
      <TwoFactorSettings initial={status} />
    </div>
  );
}
