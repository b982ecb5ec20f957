import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

/** The notification inbox and its preferences: their messages, kept off every other page (components/i18n/client-messages.tsx). */
export default function NotificationsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="notifications">{children}</ClientMessages>;
}
