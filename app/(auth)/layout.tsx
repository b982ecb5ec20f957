import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";
import { NOINDEX } from "@/lib/seo/metadata";

/** Not a search result (members' own pages, staff pages, sign-in, edits and histories): lib/seo/metadata.ts. */
export const metadata: Metadata = { robots: NOINDEX };

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="auth">
      <SiteShell>{children}</SiteShell>
    </ClientMessages>
  );
}
