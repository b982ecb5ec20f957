import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { ResetForm } from "./reset-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Auth"))("resetMeta") };
}

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  const t = await getTranslations("Auth");
  return (
    <div className="mx-auto w-full max-w-sm py-8">
      <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-2 text-xl font-semibold">{t("resetHeading")}</h1>
        {typeof token === "string" && token ? (
          <>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("resetIntro")}</p>
            <ResetForm token={token} />
          </>
        ) : (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t.rich("resetIncomplete", {
              link: (c) => (
                <Link href="/forgot-password" className="underline">
                  {c}
                </Link>
              ),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
