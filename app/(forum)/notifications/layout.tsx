import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The notification inbox and its preferences: their messages, kept off every other page (components/i18n/client-messages.tsx). */
export default function NotificationsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="notifications">{children}</ClientMessages>;
}
