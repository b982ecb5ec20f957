import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { TokensManager } from "@/components/settings/tokens-manager";
import { pageViewer } from "@/lib/cache/page-reader";
import { listPersonalTokens } from "@/lib/services/auth/personal-tokens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SettingsPages"))("tokensMeta") };
}

export default async function TokensPage() {
  const viewer = await pageViewer();
  if (!viewer) redirect("/login?callbackUrl=/settings/tokens");
  const tokens = await listPersonalTokens(viewer);
  const t = await getTranslations("SettingsPages");
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("tokensHeading")}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("tokensIntro", {
            header: "Authorization: Bearer <token>",
            code: (c) => <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">{c}</code>,
          })}
        </p>
      </div>
      <TokensManager initialTokens={tokens} />
    </div>
  );
}
