import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageViewer } from "@/lib/cache/page-reader";
import { VerifyForm } from "./verify-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("verifyMeta") };
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** The link in the verification mail lands here with the username and code filled in; nothing happens until "Verify". */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const viewer = await pageViewer();
  const t = await getTranslations("Auth");
  const username = one(sp.username) || viewer?.username || "";
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">{t("verifyHeading")}</h1>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("verifyIntro")}</p>
        <VerifyForm username={username} code={one(sp.code).replace(/\D/g, "").slice(0, 6)} signedIn={!!viewer} />
      </div>
    </div>
  );
}
