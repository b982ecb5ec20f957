import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Not found" };

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
