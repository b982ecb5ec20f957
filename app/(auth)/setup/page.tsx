import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SetupStep } from "@/components/site/setup-steps";
import { SetupAdminForm } from "@/components/site/setup-forms";
import { orNotFound } from "@/lib/api/page";
import { getSetupState } from "@/lib/services/site/setup";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Setup"))("metaTitle") };
}

/** The first-run setup, step 1: the first administrator. A 404 without the token, or once an administrator exists. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const token = (await searchParams).token;
  if (typeof token !== "string" || !token) notFound();
  await orNotFound(getSetupState({ token }));
  const t = await getTranslations("Setup");
  return (
    <SetupStep step={1} title={t("adminTitle")} intro={t("adminIntro")}>
      <SetupAdminForm token={token} />
    </SetupStep>
  );
}
