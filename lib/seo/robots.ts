import { absoluteSiteUrl } from "@/lib/seo/metadata";

/**
 * robots.txt: crawlers keep out of search results, members' own pages, staff pages, the sign-in flow and
 * the API, except the feeds (/api/rss…), which are for readers and crawlers alike. Pages they may reach
 * but should not list carry `noindex` themselves (lib/seo/metadata.ts), which a Disallow would hide.
 */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/rss",
    "Disallow: /api/",
    "Disallow: /search",
    "Disallow: /settings",
    "Disallow: /admin",
    "Disallow: /review",
    "Disallow: /messages",
    "Disallow: /notifications",
    "Disallow: /new",
    "Disallow: /points",
    "Disallow: /login",
    "Disallow: /register",
    "Disallow: /logout",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "Disallow: /verify",
    "Disallow: /unsubscribe",
    "Disallow: /*?*tab=following",
    "",
    `Sitemap: ${absoluteSiteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}
