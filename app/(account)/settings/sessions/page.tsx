import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { SessionsManager } from "@/components/settings/sessions-manager";
import { pageViewer } from "@/lib/cache/page-reader";
import { listSignIns } from "@/lib/services/auth/sessions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("sessionsMeta") };
}

export default async function SessionsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/sessions");
  const signIns = await listSignIns(viewer);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("sessionsHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("sessionsIntro", {
            password: (c) => (
              <Link href="/settings/password" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
            tokens: (c) => (
              <Link href="/settings/tokens" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
          })}
        </p>
      </div>
      <SessionsManager initialSignIns={signIns} />
    </div>
  );
}
