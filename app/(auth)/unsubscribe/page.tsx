import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UnsubscribeButton } from "./unsubscribe-button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("unsubscribeMeta") };
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** The footer link of every mail: asks before turning notification mail off (mail scanners open links too). */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const t = await getTranslations("Auth");
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">{t("unsubscribeHeading")}</h1>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("unsubscribeIntro")}</p>
        <UnsubscribeButton u={one(sp.u)} t={one(sp.t)} />
      </div>
    </div>
  );
}
