import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

/** A post's edit history: its diff views' messages, kept off the post page (components/i18n/client-messages.tsx). */
export default function HistoryLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="history">{children}</ClientMessages>;
}
