import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/layout/not-found-content";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("NotFound"))("metaTitle") };
}

/**
 * Bare on purpose: unknown paths are answered by app/(forum)/[...missing] inside the site's layout, and
 * each route group has its own not-found page. This one is embedded in every page's RSC payload.
 */
export default function NotFound() {
  return (
    <main id="main" className="px-4">
      <NotFoundContent />
    </main>
  );
}
