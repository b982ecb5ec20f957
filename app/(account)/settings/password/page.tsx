import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { PasswordForm } from "@/components/settings/password-form";
import { pageViewer } from "@/lib/cache/page-reader";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("passwordMeta") };
}

export default async function PasswordPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/password");
  const t = await getTranslations("SettingsPages");
  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("passwordHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("passwordIntro", {
            link: (c) => (
              <Link href="/settings/tokens" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
          })}
        </p>
      </div>
      <PasswordForm />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t.rich("passwordSessions", {
          link: (c) => (
            <Link href="/settings/sessions" className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
              {c}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
