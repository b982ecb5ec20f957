import { sql } from "drizzle-orm";
import { check, foreignKey, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The generated app-icon files (sizes in px → stored URL): favicon 32, apple-touch-icon 180, manifest 192 and 512. */
export type SiteIcons = Partial<Record<"32" | "180" | "192" | "512", string>>;
/** A custom header or footer link (at most five in all). */
export type SiteLink = { label: string; url: string; place: "header" | "footer" };
export type BannerAudience = "VISITORS" | "MEMBERS" | "ALL";

/**
 * The site's identity (issue 61): one row (id 1), every field null until an admin sets it (then the
 * default: SITE_NAME, the catalog's description, the built-in accent and icon, English). Also the
 * announcement banner and the custom links, which every page shows too.
 */
export const siteIdentity = pgTable(
  "site_identity",
  {
    id: integer().primaryKey().default(1),
    siteName: text(),
    siteDescription: text(),
    /** #rrggbb, checked for WCAG AA contrast against both themes when saved. */
    accentColor: text(),
    defaultLanguage: text(),
    contactEmail: text(),
    logoLightUrl: text(),
    logoDarkUrl: text(),
    icons: jsonb().$type<SiteIcons>(),
    bannerMarkdown: text(),
    bannerHtml: text(),
    bannerAudience: text().$type<BannerAudience>().notNull().default("ALL"),
    /** Bumped by each new banner text: a member's dismissal holds for the version they dismissed. */
    bannerVersion: integer().notNull().default(0),
    links: jsonb().$type<SiteLink[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check("site_identity_one_row", sql`${t.id} = 1`),
    check("site_identity_banner_audience_check", sql`${t.bannerAudience} in ('VISITORS', 'MEMBERS', 'ALL')`),
  ],
);

export const LEGAL_SLUGS = ["about", "terms", "privacy", "guidelines"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** The current text of each legal page (absent: the built-in text of the catalog, version 0). */
export const legalPages = pgTable(
  "legal_pages",
  {
    slug: text().$type<LegalSlug>().primaryKey(),
    markdown: text().notNull(),
    html: text().notNull(),
    version: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedById: integer(),
  },
  (t) => [
    check("legal_pages_slug_check", sql`${t.slug} in ('about', 'terms', 'privacy', 'guidelines')`),
    foreignKey({ name: "legal_pages_updated_by_fk", columns: [t.updatedById], foreignColumns: [users.id] }).onDelete("set null"),
  ],
);

/** Every published version of a legal page (its history, diffed like a post's). */
export const legalPageRevisions = pgTable(
  "legal_page_revisions",
  {
    id: serial().primaryKey(),
    slug: text().$type<LegalSlug>().notNull(),
    version: integer().notNull(),
    markdown: text().notNull(),
    authorId: integer(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("legal_page_revisions_slug_version").on(t.slug, t.version),
    foreignKey({ name: "legal_page_revisions_author_fk", columns: [t.authorId], foreignColumns: [users.id] }).onDelete("set null"),
  ],
);

/** The terms version each member accepted (at sign-up, or when asked after a new version). */
export const termsAcceptances = pgTable(
  "terms_acceptances",
  {
    userId: integer().primaryKey(),
    version: integer().notNull(),
    acceptedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [foreignKey({ name: "terms_acceptances_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade")],
);

/** The banner version a member dismissed. */
export const bannerDismissals = pgTable(
  "banner_dismissals",
  {
    userId: integer().notNull(),
    version: integer().notNull(),
    dismissedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.version] }),
    foreignKey({ name: "banner_dismissals_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
  ],
);

/** The first-run setup's one-time secret (one row while no administrator exists; deleted when setup creates one). */
export const setupTokens = pgTable(
  "setup_tokens",
  {
    id: integer().primaryKey().default(1),
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check("setup_tokens_one_row", sql`${t.id} = 1`)],
);
