import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { BlockedMembers, MessagePolicyForm } from "@/components/settings/privacy-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { socialKeys } from "@/lib/client/query-keys";
import { getPrivacy, listBlocks } from "@/lib/services/social/blocks";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("privacyMeta") };
}

/** Who may message the member, and the members they blocked. */
export default async function PrivacySettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/privacy");
  const qc = new QueryClient();
  await Promise.all([
    qc.prefetchQuery({ queryKey: socialKeys.privacy(), queryFn: () => getPrivacy(viewer) }),
    qc.prefetchQuery({ queryKey: socialKeys.blocks(), queryFn: () => listBlocks(viewer) }),
  ]);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("privacyHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("privacyIntro")}</p>
      </div>
      <HydrationBoundary state={dehydrate(qc)}>
        <MessagePolicyForm />
        <BlockedMembers />
      </HydrationBoundary>
    </div>
  );
}
