import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { EmailPrefsForm } from "@/components/settings/email-prefs-form";
import { pageViewer } from "@/lib/cache/page-reader";
import { notificationKeys } from "@/lib/client/query-keys";
import { getEmailPrefs } from "@/lib/services/notifications/email-prefs";
import { getMe } from "@/lib/services/shared/me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("emailMeta") };
}

export default async function EmailSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/email");
  const qc = new QueryClient();
  const [me] = await Promise.all([
    getMe(viewer),
    qc.prefetchQuery({ queryKey: notificationKeys.emailPrefs(), queryFn: () => getEmailPrefs(viewer) }),
  ]);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("emailHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich(me.emailVerified ? "emailIntro" : "emailIntroUnverified", {
            email: me.email,
            strong: (c) => <strong className="text-zinc-900 dark:text-zinc-100">{c}</strong>,
          })}
        </p>
      </div>
      <HydrationBoundary state={dehydrate(qc)}>
        <EmailPrefsForm />
      </HydrationBoundary>
    </div>
  );
}
