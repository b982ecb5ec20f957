import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SetupStep } from "@/components/site/setup-steps";
import { SetupCategoriesForm } from "@/components/site/setup-forms";
import { orNotFound } from "@/lib/api/page";
import { pageViewer } from "@/lib/cache/page-reader";
import { getIdentitySettings } from "@/lib/services/site/identity";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Setup"))("metaTitle") };
}

/** Step 3 (optional): the first categories. */
export default async function SetupCategoriesPage() {
  const viewer = await pageViewer();
  if (!viewer) notFound();
  await orNotFound(getIdentitySettings(viewer));
  const t = await getTranslations("Setup");
  return (
    <SetupStep step={3} title={t("categoriesTitle")} intro={t("categoriesIntro")}>
      <SetupCategoriesForm />
    </SetupStep>
  );
}
