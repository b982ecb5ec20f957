import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** A comment's edit history: the same diff views as a post's (components/i18n/client-messages.tsx). */
export default function CommentHistoryLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="history">{children}</ClientMessages>;
}
