import type { Metadata, Viewport } from "next";
import { ClientMessages } from "@/components/i18n/client-messages";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import localFont from "next/font/local";
import { getLocale, getTranslations } from "next-intl/server";
import { Providers } from "./providers";
import { THEME_INIT_SCRIPT } from "@/components/layout/theme-toggle";
import { ICON_SPRITE_URL } from "@/components/ui/icon-sprite";
import "./globals.css";

// Geist Sans, cut to Latin (scripts/gen-font.ts, `npm run gen:font`: 69 -> 36 KB); the `geist` package's GeistSans with a smaller file.
const GeistSans = localFont({ src: "./fonts/geist-sans-latin.woff2", variable: "--font-geist-sans", weight: "100 900" });

export async function generateMetadata(): Promise<Metadata> {
  // The site's name and description in the page's language (Site in messages/<locale>/people.json).
  const t = await getTranslations("Site");
  return {
    title: { default: t("name"), template: t("titleTemplate") },
    description: t("description"),
    alternates: { types: { "application/rss+xml": "/api/rss" } },
    // A static file with a cache lifetime (next.config.ts): as app/icon.svg, Next.js served it with
    // max-age=0, so every page view revalidated it with the server.
    icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The icons' sprite (app/icons.css masks), fetched beside the stylesheet so that its one SVG document
  // is built before the first paint, not in a task after it. CORS mode: a CSS mask is fetched that way,
  // and a preload in another mode would not be used.
  preload(ICON_SPRITE_URL, { as: "image", crossOrigin: "anonymous", fetchPriority: "high" });
  // The interface language (i18n/request.ts: the lang cookie, Accept-Language, English).
  const locale = await getLocale();
  return (
    <html lang={locale} suppressHydrationWarning className={GeistSans.variable}>
      <head>
        {/* Applies the stored or system theme before the first paint (no flash). */}
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-zinc-50 font-sans text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <ClientMessages>
          <Providers>{children}</Providers>
        </ClientMessages>
      </body>
    </html>
  );
}
