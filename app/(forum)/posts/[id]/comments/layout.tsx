import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

/** A comment's edit history: the same diff views as a post's (components/i18n/client-messages.tsx). */
export default function CommentHistoryLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="history">{children}</ClientMessages>;
}
