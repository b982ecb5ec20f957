import "server-only";
import { readSiteIdentity } from "@/lib/services/site/identity";

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

/** The web app manifest: the site's name and description, its accent as the theme colour, the generated icons (else the built-in SVG). */
export async function webManifest() {
  const site = await readSiteIdentity();
  const icons: ManifestIcon[] = [];
  for (const size of ["192", "512"] as const) {
    const src = site.icons[size];
    if (src) icons.push({ src, sizes: `${size}x${size}`, type: "image/png", purpose: "any" });
  }
  if (!icons.length) icons.push({ src: "/icon.svg", sizes: "any", type: "image/svg+xml" });
  return {
    name: site.name,
    short_name: site.name.length > 12 ? site.name.slice(0, 12) : site.name,
    description: site.description ?? undefined,
    lang: site.defaultLanguage,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: site.accentColor ?? "#0369a1",
    icons,
  };
}
