import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** A group's page is not a search result (its member list may be for members only). */
export const metadata: Metadata = { robots: NOINDEX };

/** These pages' client components' messages beside the site's (components/i18n/client-messages.tsx). */
export default function GroupsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="groups">{children}</ClientMessages>;
}
