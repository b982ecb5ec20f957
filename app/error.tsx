"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("ErrorPage");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <title>{t("title")}</title>
      <header className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <Link href="/" className="text-lg font-bold">
          {t("siteName")}
        </Link>
      </header>
      <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{t("heading")}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          {t("text")}
          {error.digest ? <span className="block text-xs">{t("reference", { digest: error.digest })}</span> : null}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <button
            type="button"
            onClick={reset}
            className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          >
            {t("retry")}
          </button>
          <Link href="/" className="rounded-md border border-zinc-300 px-4 py-2 text-sm dark:border-zinc-700">
            {t("home")}
          </Link>
        </div>
      </main>
    </>
  );
}
