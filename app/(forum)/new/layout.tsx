import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** These pages' client components' messages beside the site's (components/i18n/client-messages.tsx). */
export default function NewLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="new">{children}</ClientMessages>;
}
