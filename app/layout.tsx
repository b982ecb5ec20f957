import type { Metadata, Viewport } from "next";
import { ClientMessages } from "@/components/i18n/client-messages";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import localFont from "next/font/local";
import { getLocale } from "next-intl/server";
import { Providers } from "./providers";
import { THEME_INIT_SCRIPT } from "@/components/layout/theme-toggle";
import { ICON_SPRITE_URL } from "@/components/ui/icon-sprite";
import { SITE_IMAGE, siteBase } from "@/lib/seo/metadata";
import { siteTexts } from "@/lib/site-texts";
import { siteIdentity } from "@/lib/services/site/identity";
import { accentStylesheet } from "@/lib/site-accent";
import "./globals.css";

// Geist Sans, cut to Latin (scripts/gen-font.ts, `npm run gen:font`: 69 -> 36 KB); the `geist` package's GeistSans with a smaller file.
const GeistSans = localFont({ src: "./fonts/geist-sans-latin.woff2", variable: "--font-geist-sans", weight: "100 900" });

export async function generateMetadata(): Promise<Metadata> {
  // The site's name and description in the page's language (Site in messages/<locale>/people.json).
  // The admin's name and description, else the catalog's (lib/site-texts.ts, issue 61).
  const { name, description, identity } = await siteTexts();
  const { icons } = identity;
  return {
    // Every address in the head is absolute under the site's public base (lib/seo/metadata.ts).
    metadataBase: new URL(siteBase()),
    title: { default: name, template: `%s · ${name}` },
    // <meta name="application-name">: also where app/error.tsx (a client boundary) reads the name.
    applicationName: name,
    description,
    manifest: "/manifest.webmanifest",
    alternates: { types: { "application/rss+xml": "/api/rss" } },
    // The link preview of a page that builds none of its own (public pages do: pageMetadata).
    openGraph: { type: "website", siteName: name, title: name, description, images: [SITE_IMAGE] },
    twitter: { card: "summary_large_image", title: name, description, images: [SITE_IMAGE.url] },
    // A static file with a cache lifetime (next.config.ts): as an icon.svg file convention in app/, Next.js served it with
    // max-age=0, so every page view revalidated it with the server.
    // favicon.ico for the crawlers and readers that do not read SVG (scripts/gen-favicon.ts makes it from the icon).
    // An admin's app icon (lib/services/site/images.ts) replaces both.
    icons: icons["32"]
      ? {
          icon: [{ url: icons["32"], sizes: "32x32", type: "image/png" }],
          ...(icons["180"] ? { apple: [{ url: icons["180"], sizes: "180x180" }] } : {}),
        }
      : {
          icon: [
            { url: "/icon.svg", type: "image/svg+xml" },
            { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
          ],
        },
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
  // The admin's accent colour (issue 61) as the sky-* palette every link and button reads (lib/site-accent.ts).
  const [locale, { accentColor }] = await Promise.all([getLocale(), siteIdentity()]);
  return (
    <html lang={locale} suppressHydrationWarning className={GeistSans.variable}>
      <head>
        {/* Applies the stored or system theme before the first paint (no flash). */}
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
        {accentColor ? <style data-accent dangerouslySetInnerHTML={{ __html: accentStylesheet(accentColor) }} /> : null}
      </head>
      <body className="min-h-screen bg-zinc-50 font-sans text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <ClientMessages>
          <Providers>{children}</Providers>
        </ClientMessages>
      </body>
    </html>
  );
}
