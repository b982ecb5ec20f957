import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** Editing a post: the composer's messages (components/i18n/client-messages.tsx). */
export default function EditLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="edit">{children}</ClientMessages>;
}
