import "server-only";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { LOCALE_PARAM, LOCALE_PARAM_HEADER, LOCALES, type Locale } from "@/lib/i18n/locale";
import { publicBase } from "@/lib/mail/site";
import { siteTexts } from "@/lib/site-texts";

/*
 * What search engines and link previews read in a page's head (docs/seo.md): the canonical address, its
 * language alternates, Open Graph and Twitter card tags, and robots directives. Pages build theirs with
 * `pageMetadata`; every address is absolute under PUBLIC_URL (else this machine on PORT), never the
 * request's host: the page cache shares one document among every visitor of a URL.
 */

/** The site's absolute base (PUBLIC_URL, else http://localhost:PORT), no trailing slash. */
export const siteBase = (): string => publicBase();
/** An absolute URL of a site path. */
export const absoluteSiteUrl = (path: string): string => siteBase() + (path.startsWith("/") ? path : `/${path}`);

/** The link-preview image of a page without one of its own (scripts/gen-favicon.ts makes it from the icon). */
export const SITE_IMAGE = { url: "/og-image.png", width: 1200, height: 630 } as const;

/** Open Graph's form of a locale. */
const OG_LOCALE: Record<Locale, string> = { en: "en_US", "zh-CN": "zh_CN" };

/** `path` (with or without a query) with `?hl=locale` (or `&hl=`) added. */
export function withLocaleParam(path: string, locale: Locale): string {
  return `${path}${path.includes("?") ? "&" : "?"}${LOCALE_PARAM}=${encodeURIComponent(locale)}`;
}

export type PageSeo = {
  /** The page's canonical path and query, without `hl` (the query normalized: defaults left out). */
  path: string;
  title: string;
  description?: string | null;
  /** A site path or absolute URL of the page's own image (a post's first image), else the site's. */
  image?: string | null;
  type?: "website" | "article" | "profile";
  /** Kept out of search results (the links on it are still followed). */
  noindex?: boolean;
  /** Article times (posts). */
  publishedTime?: string;
  modifiedTime?: string;
};

/**
 * The head of a public page: canonical (its own language's address when the URL names one with `?hl=`,
 * as search engines expect of language alternates), `hreflang` alternates en / zh-CN / x-default (the
 * plain address, whose language follows the visitor), Open Graph and a Twitter card.
 */
export async function pageMetadata(seo: PageSeo): Promise<Metadata> {
  const [h, locale, site] = await Promise.all([headers(), getLocale(), siteTexts()]);
  const named = h.get(LOCALE_PARAM_HEADER) as Locale | null;
  const canonical = named ? withLocaleParam(seo.path, named) : seo.path;
  const languages: Record<string, string> = { "x-default": seo.path };
  for (const l of LOCALES) languages[l] = withLocaleParam(seo.path, l);
  const description = seo.description?.trim() || site.description;
  const image = seo.image ? { url: seo.image } : SITE_IMAGE;
  const pageLocale = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : "en";
  return {
    description,
    alternates: { canonical, languages },
    openGraph: {
      type: seo.type ?? "website",
      siteName: site.name,
      title: seo.title,
      description,
      url: canonical,
      locale: OG_LOCALE[pageLocale],
      alternateLocale: LOCALES.filter((l) => l !== pageLocale).map((l) => OG_LOCALE[l]),
      images: [image],
      ...(seo.type === "article" && seo.publishedTime
        ? { publishedTime: seo.publishedTime, modifiedTime: seo.modifiedTime ?? seo.publishedTime }
        : {}),
    },
    twitter: { card: "summary_large_image", title: seo.title, description, images: [image.url] },
    ...(seo.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** For pages that are never search results (search, settings, admin, sign-in…): noindex, links followed. */
export const NOINDEX: Metadata["robots"] = { index: false, follow: true };

/** A post list's state as its URL carries it (components/posts/post-list-url.ts reads it). */
type ListUrlState = { tab: string; categoryId: number | null; tagIds: number[]; page: number };

/**
 * A post list page's canonical address and whether it is indexed: the address with its query
 * normalized (defaults left out, the order fixed), so `?page=2&tab=latest` and `?tab=latest&page=2` are
 * one page. Pages of a list are indexed (each is its own canonical, leading to older posts); filtered
 * views (a category or tags on top of the page's own scope) and the personal Following tab are not.
 */
export function listSeo(basePath: string, s: ListUrlState): { path: string; noindex: boolean } {
  const q = new URLSearchParams();
  if (s.tab && s.tab !== "latest") q.set("tab", s.tab);
  if (s.categoryId) q.set("categoryId", String(s.categoryId));
  if (s.tagIds.length) q.set("tagIds", s.tagIds.join(","));
  if (s.page) q.set("page", String(s.page));
  const qs = q.toString();
  return {
    path: qs ? `${basePath}?${qs}` : basePath,
    noindex: s.tab === "following" || !!s.categoryId || s.tagIds.length > 0,
  };
}
