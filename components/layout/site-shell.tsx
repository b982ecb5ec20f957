import type { ReactNode } from "react";
import { LiveEventsProvider } from "@/components/layout/live-events";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { SuspensionNotice } from "@/components/layout/suspension-notice";
import { SetupNotice } from "@/components/site/setup-notice";
import { SiteChrome } from "@/components/site/site-chrome";
import { pageReader } from "@/lib/cache/page-reader";
import { siteTexts } from "@/lib/site-texts";

/** Header, main landmark and footer around a page (used by route-group layouts and the 404 page), with the tab's live-event stream. */
export async function SiteShell({ children }: { children: ReactNode }) {
  // The banner for the page's reader (visitors or members: the page cache keeps one document for each).
  const [{ viewer }, { name, identity }] = await Promise.all([pageReader(), siteTexts()]);
  const banner = identity.banner;
  const audienceFits = banner && (banner.audience === "ALL" || (banner.audience === "MEMBERS") === (viewer !== null));
  return (
    <LiveEventsProvider>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <SetupNotice />
        <SiteChrome member={viewer !== null} banner={audienceFits ? { html: banner.html, version: banner.version } : null} />
        <SuspensionNotice />
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-3 py-6 sm:px-4">
          {children}
        </main>
        <SiteFooter
          site={{
            name,
            contactEmail: identity.contactEmail,
            links: identity.links.filter((l) => l.place === "footer").map(({ label, url }) => ({ label, url })),
          }}
        />
      </div>
    </LiveEventsProvider>
  );
}
