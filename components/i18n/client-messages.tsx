import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import CLIENT_NAMESPACES from "@/lib/i18n/client-namespaces.json";

type Area = Exclude<keyof typeof CLIENT_NAMESPACES, "base">;

/**
 * The messages the browser gets: only the namespaces client components use (lib/i18n/client-namespaces.json,
 * generated from the import graph by `npm run gen:i18n-client` and checked in CI), not the whole catalog.
 * The root layout sends `base` (the header, the footer, the pages outside the areas); an area's layout (a
 * post's pages, the composer, admin, settings…) sends what its pages use, since a nested provider replaces
 * the outer one's messages inside it. Server components read the full catalog on the server.
 */
export async function ClientMessages({ area, children }: { area?: Area; children: ReactNode }) {
  const all = await getMessages();
  const names = CLIENT_NAMESPACES[area ?? "base"];
  const messages = Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
