import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TwoFactorGate } from "@/components/layout/two-factor-gate";

/** The staff pages: their client components' messages beside the site's (components/i18n/client-messages.tsx). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="admin">
      <TwoFactorGate>{children}</TwoFactorGate>
    </ClientMessages>
  );
}
