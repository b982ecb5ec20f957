"use client";

import { useTranslations } from "next-intl";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Link } from "@/components/ui/link";

/** The site footer. A client component only so that its markup is not repeated in every page's RSC payload. */
export function SiteFooter() {
  const t = useTranslations("Footer");
  return (
    <footer className="mt-12 border-t border-zinc-200 py-6 text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-4 px-4">
        <span>{t("siteName")}</span>
        <a href="/api/rss" className="hover:underline">
          {t("rss")}
        </a>
        <Link href="/categories" className="hover:underline">
          {t("categories")}
        </Link>
        <Link href="/tags" className="hover:underline">
          {t("tags")}
        </Link>
        <Link href="/api-docs" className="hover:underline">
          {t("api")}
        </Link>
        <span className="sm:ml-auto">
          <LanguageSwitcher />
        </span>
      </div>
    </footer>
  );
}
