import "server-only";
import { cache } from "react";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { siteIdentity as siteIdentityTable, type BannerAudience, type SiteIcons, type SiteLink } from "@/db/schema";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { setting } from "@/lib/env";
import { badRequest, msg } from "@/lib/errors";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/locale";
import { setSiteDefaultLocale } from "@/lib/i18n/site-default";
import { renderMarkdownAsync } from "@/lib/markdown";
import { assertRole } from "@/lib/permissions";
import { accentProblem } from "@/lib/site-accent";
import { audit } from "@/lib/services/shared/audit";
import type { Viewer } from "@/lib/viewer";

/**
 * Who the site says it is (issue 61): every place the site names itself reads this one function —
 * page titles, the header and footer, mail, feeds, Open Graph tags, the sitemap, the manifest.
 *
 * - `name`: the admin's name, else SITE_NAME, else "Forum". `named` says whether an admin or SITE_NAME
 *   chose it; when neither did, pages may say the catalog's name in the page's language instead
 *   (`Site.name`: "Forum", "论坛"), as they did before there was a setting.
 * - `description`: the admin's one line, or null (pages then say the catalog's `Site.description`).
 *
 * One primary-key read of one row per render (React's `cache()` shares it between the layout, the
 * metadata and the header of the same request; outside a render every call reads). The row is not
 * kept between requests, so a change is on the very next page of every process; the page cache hears
 * of it because the write announces `site-settings`, which stamps every cached page.
 */
export type SiteIdentity = {
  name: string;
  named: boolean;
  description: string | null;
  accentColor: string | null;
  defaultLanguage: Locale;
  contactEmail: string | null;
  logoLight: string | null;
  logoDark: string | null;
  icons: SiteIcons;
  banner: { html: string; markdown: string; audience: BannerAudience; version: number } | null;
  links: SiteLink[];
};

/** The fields an admin sets (GET/PUT /api/admin/config; null clears one). */
export type IdentitySettings = {
  siteName: string | null;
  siteDescription: string | null;
  accentColor: string | null;
  defaultLanguage: Locale;
  contactEmail: string | null;
  logoLightUrl: string | null;
  logoDarkUrl: string | null;
  iconUrls: SiteIcons;
  bannerMarkdown: string | null;
  bannerAudience: BannerAudience;
  links: SiteLink[];
};
export type IdentityInput = Partial<
  Pick<
    IdentitySettings,
    "siteName" | "siteDescription" | "accentColor" | "defaultLanguage" | "contactEmail" | "bannerMarkdown" | "bannerAudience" | "links"
  >
>;
export const IDENTITY_KEYS = [
  "siteName",
  "siteDescription",
  "accentColor",
  "defaultLanguage",
  "contactEmail",
  "bannerMarkdown",
  "bannerAudience",
  "links",
] as const satisfies readonly (keyof IdentityInput)[];

type Row = typeof siteIdentityTable.$inferSelect;

async function readRow(runner: DbOrTx = db): Promise<Row | undefined> {
  const [row] = await runner.select().from(siteIdentityTable).where(eq(siteIdentityTable.id, 1));
  return row;
}

const asLocale = (v: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(v ?? "") ? (v as Locale) : DEFAULT_LOCALE;

function toIdentity(row: Row | undefined): SiteIdentity {
  // The language for visitors who ask for none: every render refreshes this process's copy.
  setSiteDefaultLocale(asLocale(row?.defaultLanguage));
  const envName = setting("SITE_NAME")?.trim();
  const name = row?.siteName ?? (envName || null);
  return {
    name: name ?? "Forum",
    named: name !== null,
    description: row?.siteDescription ?? null,
    accentColor: row?.accentColor ?? null,
    defaultLanguage: asLocale(row?.defaultLanguage),
    contactEmail: row?.contactEmail ?? null,
    logoLight: row?.logoLightUrl ?? null,
    logoDark: row?.logoDarkUrl ?? row?.logoLightUrl ?? null,
    icons: row?.icons ?? {},
    banner:
      row?.bannerMarkdown && row.bannerHtml
        ? { html: row.bannerHtml, markdown: row.bannerMarkdown, audience: row.bannerAudience, version: row.bannerVersion }
        : null,
    links: row?.links ?? [],
  };
}

/** The site's identity, read once per render (see SiteIdentity). */
export const siteIdentity: () => Promise<SiteIdentity> = cache(async () => toIdentity(await readRow()));

/** The identity inside a caller's transaction (or uncached, outside a render). */
export async function readSiteIdentity(runner: DbOrTx = db): Promise<SiteIdentity> {
  return toIdentity(await readRow(runner));
}

function settingsOf(row: Row | undefined): IdentitySettings {
  return {
    siteName: row?.siteName ?? null,
    siteDescription: row?.siteDescription ?? null,
    accentColor: row?.accentColor ?? null,
    defaultLanguage: asLocale(row?.defaultLanguage),
    contactEmail: row?.contactEmail ?? null,
    logoLightUrl: row?.logoLightUrl ?? null,
    logoDarkUrl: row?.logoDarkUrl ?? null,
    iconUrls: row?.icons ?? {},
    bannerMarkdown: row?.bannerMarkdown ?? null,
    bannerAudience: row?.bannerAudience ?? "ALL",
    links: row?.links ?? [],
  };
}

/** The identity part of GET /api/admin/config (admin). */
export async function getIdentitySettings(viewer: Viewer | null, runner: DbOrTx = db): Promise<IdentitySettings> {
  assertRole(viewer, "ADMIN");
  return settingsOf(await readRow(runner));
}

const MAX_LINKS = 5;

/**
 * Checks what the zod schema cannot: the accent's contrast against both themes (400 naming
 * accentColor) and the number of links. Exported for the settings form's tests.
 */
export function checkIdentityInput(input: IdentityInput): void {
  if (input.accentColor) {
    const p = accentProblem(input.accentColor);
    if (p)
      throw badRequest(
        msg(p.theme === "light" ? "accentContrastLight" : "accentContrastDark", {
          ratio: p.ratio.toFixed(2),
          needed: p.needed,
          against: p.against,
        }),
        "accentColor",
      );
  }
  if (input.links && input.links.length > MAX_LINKS) throw badRequest(msg("siteLinksMax", { max: MAX_LINKS }), "links");
}

type Patch = Partial<Omit<Row, "id">>;

async function rowPatch(input: IdentityInput, before: Row | undefined): Promise<Patch> {
  const patch: Patch = {};
  const set = <K extends keyof Patch>(k: K, v: Patch[K] | undefined) => {
    if (v !== undefined) patch[k] = v;
  };
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim());
  set("siteName", blankToNull(input.siteName));
  set("siteDescription", blankToNull(input.siteDescription));
  set("accentColor", input.accentColor === undefined ? undefined : input.accentColor ? input.accentColor.toLowerCase() : null);
  set("defaultLanguage", input.defaultLanguage);
  set("contactEmail", blankToNull(input.contactEmail));
  set("bannerAudience", input.bannerAudience);
  set("links", input.links);
  const banner = blankToNull(input.bannerMarkdown);
  if (banner !== undefined && banner !== (before?.bannerMarkdown ?? null)) {
    patch.bannerMarkdown = banner;
    patch.bannerHtml = banner === null ? null : (await renderMarkdownAsync(banner)).html;
    // A new text is a new banner: members who dismissed the old one see it.
    patch.bannerVersion = (before?.bannerVersion ?? 0) + 1;
  }
  return patch;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Writes the identity fields given (PUT /api/admin/config), with one audit line of what changed, in
 * the caller's transaction; returns whether anything changed (the caller announces after commit).
 */
export async function writeIdentity(viewer: Viewer, input: IdentityInput, tx: DbOrTx): Promise<boolean> {
  assertRole(viewer, "ADMIN");
  checkIdentityInput(input);
  const before = await readRow(tx);
  const patch = await rowPatch(input, before);
  const changed = (Object.keys(patch) as (keyof Patch)[]).filter((k) => !same(patch[k], before?.[k]));
  if (!changed.length) return false;
  await tx
    .insert(siteIdentityTable)
    .values({ id: 1, ...patch, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteIdentityTable.id, set: { ...patch, updatedAt: new Date() } });
  const audited = changed.filter((k) => k !== "bannerHtml");
  await audit(tx, {
    actorId: viewer.id,
    action: "settings.update",
    targetType: "site-settings",
    targetId: null,
    before: Object.fromEntries(audited.map((k) => [k, before?.[k] ?? null])),
    after: Object.fromEntries(audited.map((k) => [k, patch[k] ?? null])),
  });
  return true;
}

/** Sets the stored logo or icon URLs (the upload service's last step), audited and announced. */
export async function writeIdentityImages(
  viewer: Viewer,
  images: Partial<Pick<Row, "logoLightUrl" | "logoDarkUrl" | "icons">>,
): Promise<void> {
  assertRole(viewer, "ADMIN");
  await db.transaction(async (tx) => {
    const before = await readRow(tx);
    await tx
      .insert(siteIdentityTable)
      .values({ id: 1, ...images, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteIdentityTable.id, set: { ...images, updatedAt: new Date() } });
    const keys = Object.keys(images) as (keyof typeof images)[];
    await audit(tx, {
      actorId: viewer.id,
      action: "settings.update",
      targetType: "site-settings",
      targetId: null,
      before: Object.fromEntries(keys.map((k) => [k, before?.[k] ?? null])),
      after: Object.fromEntries(keys.map((k) => [k, images[k] ?? null])),
    });
  });
  await announce(settingsChanged());
}

/** The page language for a visitor who has chosen none (no `lang` cookie, no Accept-Language we offer). */
export async function siteDefaultLocale(): Promise<Locale> {
  return (await siteIdentity()).defaultLanguage;
}
