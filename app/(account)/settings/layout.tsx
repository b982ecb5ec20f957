import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SettingsNav } from "@/components/settings/settings-nav";

/** Every settings page: the sections' navigation beside (desktop) or above (phones) the page. */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("Settings");
  return (
    <ClientMessages area="settings">
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <aside className="md:sticky md:top-20 md:w-52 md:shrink-0">
          <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase md:block dark:text-zinc-400">
            {t("nav")}
          </p>
          <SettingsNav />
        </aside>
        {/* Every section starts at the same left edge, whatever width its page asks for (pages centred in
          different max widths made the column jump sideways between tabs). */}
        <div className="min-w-0 flex-1 *:mx-0!" data-testid="settings-column">
          {children}
        </div>
      </div>
    </ClientMessages>
  );
}
