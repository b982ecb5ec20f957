import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** A post's edit history: its diff views' messages, kept off the post page (components/i18n/client-messages.tsx). */
export default function HistoryLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="history">{children}</ClientMessages>;
}
