import type { ReactNode } from "react";
import { SiteShell } from "@/components/layout/site-shell";
import { TwoFactorGate } from "@/components/layout/two-factor-gate";

export default function ForumLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell>
      <TwoFactorGate>{children}</TwoFactorGate>
    </SiteShell>
  );
}
