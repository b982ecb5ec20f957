import type { ReactNode } from "react";
import { LiveEventsProvider } from "@/components/layout/live-events";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { SuspensionNotice } from "@/components/layout/suspension-notice";

/** Header, main landmark and footer around a page (used by route-group layouts and the 404 page), with the tab's live-event stream. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <LiveEventsProvider>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <SuspensionNotice />
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-3 py-6 sm:px-4">
          {children}
        </main>
        <SiteFooter />
      </div>
    </LiveEventsProvider>
  );
}
