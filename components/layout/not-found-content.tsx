"use client";

// A client component only so that its markup is not repeated in every page's RSC payload (the root
// not-found page is embedded in each one): the payload then names the component instead.
import { Link } from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { useTranslations } from "next-intl";

export function NotFoundContent() {
  const t = useTranslations("NotFound");
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-5xl font-bold text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{t("heading")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("text")}</p>
      <Link href="/" className={buttonClass("primary", "md", "mt-6")}>
        {t("back")}
      </Link>
    </div>
  );
}
