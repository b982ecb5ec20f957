"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { useEffect, useSyncExternalStore } from "react";

// The site's name as the root layout wrote it into the head (applicationName, from the admin's setting):
// this boundary is a client component and reads no settings of its own. Before hydration, the catalog's.
const noSubscription = () => () => {};
const nameInHead = () => document.querySelector('meta[name="application-name"]')?.getAttribute("content") ?? null;

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("ErrorPage");
  const site = useSyncExternalStore(noSubscription, nameInHead, () => null) ?? t("siteName");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      <title>{t("title", { site })}</title>
      <header className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <Link href="/" className="text-lg font-bold">
          {site}
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
