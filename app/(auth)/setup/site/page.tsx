import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SetupStep } from "@/components/site/setup-steps";
import { SetupSiteForm } from "@/components/site/setup-forms";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getIdentitySettings } from "@/lib/services/site/identity";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Setup"))("metaTitle") };
}

/** Step 2: the site's name, description and default language (the new administrator only: a 404 to others). */
export default async function SetupSitePage() {
  const viewer = await pageViewer();
  if (!viewer) notFound();
  const s = await orNotFound(getIdentitySettings(viewer));
  const t = await getTranslations("Setup");
  return (
    <SetupStep step={2} title={t("siteTitle")} intro={t("siteIntro")}>
      <SetupSiteForm
        initial={{ siteName: s.siteName ?? "", siteDescription: s.siteDescription ?? "", defaultLanguage: s.defaultLanguage }}
      />
    </SetupStep>
  );
}
