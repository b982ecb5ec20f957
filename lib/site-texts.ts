import "server-only";
import { getTranslations } from "next-intl/server";
import { siteIdentity, type SiteIdentity } from "@/lib/services/site/identity";

/**
 * The site's name and description as a page says them (issue 61): the admin's (or SITE_NAME's), else
 * the catalog's in the page's language (`Site.name`, `Site.description`). For titles, the header,
 * Open Graph tags and the sitemap; mail and feeds, which have no page language of their own, read
 * siteIdentity() directly.
 */
export async function siteTexts(): Promise<{ name: string; description: string; identity: SiteIdentity }> {
  const [t, identity] = await Promise.all([getTranslations("Site"), siteIdentity()]);
  return { name: identity.named ? identity.name : t("name"), description: identity.description ?? t("description"), identity };
}
