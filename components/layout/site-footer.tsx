"use client";

import { Link } from "@/components/ui/link";

/** The site footer. A client component only so that its markup is not repeated in every page's RSC payload. */
export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-zinc-200 py-6 text-sm text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
      <div className="mx-auto flex max-w-5xl flex-wrap gap-4 px-4">
        <span>Forum</span>
        <a href="/api/rss" className="hover:underline">
          RSS
        </a>
        <Link href="/categories" className="hover:underline">
          Categories
        </Link>
        <Link href="/tags" className="hover:underline">
          Tags
        </Link>
        <Link href="/api-docs" className="hover:underline">
          API
        </Link>
      </div>
    </footer>
  );
}
