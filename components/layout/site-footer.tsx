"use client";

import { useTranslations } from "next-intl";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Link } from "@/components/ui/link";

/** What the footer shows of the site (issue 61): its name, contact address and custom links. */
export type FooterSite = { name: string; contactEmail: string | null; links: { label: string; url: string }[] };

/** The site footer. A client component only so that its markup is not repeated in every page's RSC payload. */
export function SiteFooter({ site }: { site: FooterSite }) {
  const t = useTranslations("Footer");
  return (
    <footer className="mt-12 border-t border-zinc-200 py-6 text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-4 px-4">
        <span data-testid="footer-site-name">{site.name}</span>
        <Link href="/about" className="hover:underline">
          {t("about")}
        </Link>
        <Link href="/terms" className="hover:underline">
          {t("terms")}
        </Link>
        <Link href="/privacy" className="hover:underline">
          {t("privacy")}
        </Link>
        <Link href="/guidelines" className="hover:underline">
          {t("guidelines")}
        </Link>
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
        {site.links.map((l) => (
          <a key={l.url + l.label} href={l.url} className="hover:underline" data-testid="footer-custom-link">
            {l.label}
          </a>
        ))}
        {site.contactEmail ? (
          <a href={`mailto:${site.contactEmail}`} className="hover:underline">
            {t("contact")}
          </a>
        ) : null}
        <span className="sm:ml-auto">
          <LanguageSwitcher />
        </span>
      </div>
    </footer>
  );
}
