import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { Link } from "@/components/ui/link";
import { AvatarForm, ProfileDetailsForm } from "@/components/settings/profile-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { getChosenMedal } from "@/lib/services/users/profiles";
import { getMe } from "@/lib/services/shared/me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("profileMeta") };
}

export default async function ProfileSettingsPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/profile");
  const [me, chosenMedal] = await Promise.all([getMe(viewer), getChosenMedal(viewer)]);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("profileHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("profileIntro", {
            link: (c) => (
              <Link href={`/u/${encodeURIComponent(me.username)}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-400">
                {c}
              </Link>
            ),
          })}
        </p>
      </div>
      <AvatarForm username={me.username} avatar={me.avatar} />
      <ProfileDetailsForm introduction={me.introduction} medals={me.medals} chosenMedal={chosenMedal} />
    </div>
  );
}
