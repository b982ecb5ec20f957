import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

/** These pages' client components' messages beside the site's (components/i18n/client-messages.tsx). */
export default function PointsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="points">{children}</ClientMessages>;
}
