import type { ReactNode } from "react";
import { SiteShell } from "@/components/forum/site-shell";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <SiteShell>{children}</SiteShell>;
}
