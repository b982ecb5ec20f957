import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

/** Editing a post: the composer's messages (components/i18n/client-messages.tsx). */
export default function EditLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="edit">{children}</ClientMessages>;
}
