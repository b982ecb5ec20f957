import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { PasskeySettings } from "@/components/settings/passkey-settings";
import { pageViewer } from "@/lib/cache/page-reader";
import { listPasskeys } from "@/lib/services/auth/passkeys";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Passkeys"))("meta") };
}

export default async function PasskeysPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/passkeys");
  const t = await getTranslations("Passkeys");
  const passkeys = await listPasskeys(viewer);
  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </div>
      <PasskeySettings initial={passkeys} />
    </div>
  );
}
