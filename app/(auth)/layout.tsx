import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SiteShell } from "@/components/layout/site-shell";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="auth">
      <SiteShell>{children}</SiteShell>
    </ClientMessages>
  );
}
