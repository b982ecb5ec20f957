import { z } from "zod";
import type { LegalSlug } from "@/db/schema/site";
import { LOCALES } from "@/lib/i18n/locale";
import { HEX_COLOR } from "@/lib/site-accent";

/** Site identity, legal pages, banner, links and first-run setup (issue 61). */

/** As db/schema/site.ts (written out: a value import would bring the schema into client bundles). */
export const LEGAL_SLUGS = ["about", "terms", "privacy", "guidelines"] as const satisfies readonly LegalSlug[];

const BANNER_AUDIENCES = ["VISITORS", "MEMBERS", "ALL"] as const;
const LINK_PLACES = ["header", "footer"] as const;

const iconsSchema = z
  .object({ "32": z.string().optional(), "180": z.string().optional(), "192": z.string().optional(), "512": z.string().optional() })
  .meta({ description: "the app icon's generated sizes (px → URL): favicon 32, apple-touch-icon 180, manifest 192 and 512" });

export const siteLinkSchema = z.object({
  label: z.string({ error: "label must be text" }).trim().min(1, "a link needs a label").max(40, "at most 40 characters"),
  url: z
    .string({ error: "url must be text" })
    .trim()
    .max(500, "at most 500 characters")
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) || /^\/(?!\/)[^\s]*$/.test(u), "must be an http(s) address or a path on this site"),
  place: z.enum(LINK_PLACES, { error: "must be header or footer" }),
});

/** The identity fields of GET /api/admin/config. */
export const identitySettingsShape = {
  siteName: z.string().nullable().meta({ description: "extra: the site's name; null: SITE_NAME (or the catalog's 'Forum')" }),
  siteDescription: z.string().nullable().meta({ description: "extra: one line about the site; null: the catalog's" }),
  accentColor: z.string().nullable().meta({ description: "extra: #rrggbb, AA contrast in both themes; null: the built-in sky blue" }),
  defaultLanguage: z.enum(LOCALES).meta({ description: "extra: the language for visitors who chose none" }),
  contactEmail: z.string().nullable().meta({ description: "extra: the address shown on the about page and in the footer" }),
  logoLightUrl: z
    .string()
    .nullable()
    .meta({ description: "extra: the header's logo in the light theme (POST /api/admin/config/images/logo-light)" }),
  logoDarkUrl: z.string().nullable().meta({ description: "extra: the header's logo in the dark theme (null: the light one)" }),
  iconUrls: iconsSchema,
  bannerMarkdown: z.string().nullable().meta({ description: "extra: the announcement banner (markdown); null: none" }),
  bannerAudience: z.enum(BANNER_AUDIENCES).meta({ description: "extra: who sees the banner: VISITORS (signed out), MEMBERS, ALL" }),
  links: z.array(siteLinkSchema).meta({ description: "extra: up to five custom links in the header or footer" }),
};

/** The identity fields PUT /api/admin/config accepts (null or "" clears a text). */
export const identityInputShape = {
  siteName: z
    .string({ error: "siteName must be text or null" })
    .trim()
    .max(60, "at most 60 characters")
    .refine((s) => !/[\u0000-\u001f]/.test(s), "no control characters")
    .nullable()
    .optional(),
  siteDescription: z
    .string({ error: "siteDescription must be text or null" })
    .trim()
    .max(200, "at most 200 characters")
    .refine((s) => !/[\u0000-\u001f]/.test(s), "one line, no control characters")
    .nullable()
    .optional(),
  accentColor: z
    .string({ error: "accentColor must be a colour like #0369a1, or null" })
    .regex(HEX_COLOR, "must be a colour like #0369a1")
    .nullable()
    .optional(),
  defaultLanguage: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).optional(),
  contactEmail: z
    .union([z.literal(""), z.email("must be an email address").max(254, "at most 254 characters")], { error: "must be an email address" })
    .nullable()
    .optional(),
  bannerMarkdown: z.string({ error: "bannerMarkdown must be text or null" }).max(2000, "at most 2000 characters").nullable().optional(),
  bannerAudience: z.enum(BANNER_AUDIENCES, { error: "must be VISITORS, MEMBERS or ALL" }).optional(),
  links: z.array(siteLinkSchema, { error: "links must be a list" }).max(5, "at most five links").optional(),
};

export const IDENTITY_IMAGE_KINDS = ["logo-light", "logo-dark", "icon"] as const;
export type IdentityImageKind = (typeof IDENTITY_IMAGE_KINDS)[number];
export const identityImageParamsSchema = z.object({
  kind: z.enum(IDENTITY_IMAGE_KINDS, { error: "must be logo-light, logo-dark or icon" }),
});

/** The public part of GET /api/config. */
export const publicIdentityShape = {
  siteName: z.string().meta({ description: "extra: the site's name" }),
  siteDescription: z.string().nullable().meta({ description: "extra: one line about the site, or null" }),
  accentColor: z.string().nullable().meta({ description: "extra: the accent colour (#rrggbb), or null for the built-in one" }),
  defaultLanguage: z.enum(LOCALES).meta({ description: "extra: the language for visitors who chose none" }),
  contactEmail: z.string().nullable().meta({ description: "extra: the site's contact address, or null" }),
  logoLightUrl: z.string().nullable(),
  logoDarkUrl: z.string().nullable(),
  iconUrls: iconsSchema,
  termsVersion: z.number().int().meta({ description: "extra: the version of /terms in force (0: the built-in text)" }),
};

// Legal pages

export const legalSlugSchema = z.enum(LEGAL_SLUGS, { error: "must be about, terms, privacy or guidelines" });
export const legalPageParamsSchema = z.object({ slug: legalSlugSchema });
export const legalPageSchema = z
  .object({
    slug: legalSlugSchema,
    markdown: z.string(),
    html: z.string().meta({ description: "sanitized HTML" }),
    version: z.number().int().meta({ description: "0: the built-in text, never edited" }),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "LegalPage" });
export type LegalPageDto = z.infer<typeof legalPageSchema>;
export const legalPageInputSchema = z.object({
  markdown: z
    .string({ error: "markdown must be text" })
    .trim()
    .min(1, "the page needs some text")
    .max(100_000, "at most 100,000 characters"),
});
export const legalRevisionSchema = z.object({
  version: z.number().int(),
  markdown: z.string(),
  author: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const legalHistorySchema = z.object({ slug: legalSlugSchema, revisions: z.array(legalRevisionSchema) });
export type LegalHistoryDto = z.infer<typeof legalHistorySchema>;

export const termsStateSchema = z.object({
  version: z.number().int().meta({ description: "the terms version in force" }),
  acceptedVersion: z.number().int().nullable().meta({ description: "the version this member accepted, or null" }),
  mustAccept: z.boolean().meta({ description: "true: the member accepted an older version (or none) of terms that were edited since" }),
});
export type TermsStateDto = z.infer<typeof termsStateSchema>;
export const termsAcceptSchema = z.object({ version: z.number({ error: "version must be a number" }).int("must be a whole number") });

export const bannerDismissSchema = z.object({
  version: z.number({ error: "version must be a number" }).int("must be a whole number").min(1),
});
export const bannerDismissedSchema = z.object({ version: z.number().int(), dismissed: z.literal(true) });

export const mySiteStateSchema = z.object({
  bannerDismissed: z.boolean().meta({ description: "the member dismissed the banner shown now" }),
  terms: termsStateSchema,
});
export type MySiteStateDto = z.infer<typeof mySiteStateSchema>;
