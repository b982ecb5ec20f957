import "server-only";
import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { siteSettings, type PublishMode } from "@/db/schema";
import { env } from "@/lib/env";
import { SPAM_DEFAULTS, spamSettingsSelect, type SpamSettings } from "@/lib/services/shared/spam-settings";
import { RATE_LIMIT_SETTING_DEFAULTS, rateLimitSettingsSelect, type RateLimitSettings } from "@/lib/services/shared/rate-limit-settings";
import type { RateLimits } from "@/lib/validation/rate-limits";

/** The site's publish mode (no settings row means DIRECT). */
export async function getPublishMode(runner: DbOrTx = db): Promise<PublishMode> {
  return (await readSettings(runner)).publishMode;
}

export type RegistrationMode = "OPEN" | "CLOSED";
export type SiteConfig = {
  publishMode: PublishMode;
  registrationMode: RegistrationMode;
  flagHideThreshold: number;
  /** Members may change their username at most once per this many days (0: any time); null: never. */
  usernameChangeDays: number | null;
  /** Direct messages: members below this level may message staff only. */
  messageMinLevel: number;
  /** Direct messages: staff may read members' conversations (each read audited). */
  staffReadMessages: boolean;
  /** Posts need at least this many tags (0: tags are optional). */
  minPostTags: number;
  /** Who may create tags: every member, members from tagCreateMinLevel (and staff), or staff only. */
  tagCreators: TagCreators;
  tagCreateMinLevel: number;
  /** Staff must have two-factor sign-in (issue 60): until they set it up, every page asks for it first. */
  staffTwoFactor: boolean;
  /** Sign-in through the configured identity providers only (issue 60): password sign-in and sign-up refused, except for admins. */
  ssoOnly: boolean;
  /** Per action: at most `limit` per `windowSeconds` (the settings row keeps them as columns, RateLimitSettings). */
  rateLimits: RateLimits;
} & SpamSettings;
export type SettingsRow = Pick<
  SiteConfig,
  | "publishMode"
  | "registrationMode"
  | "flagHideThreshold"
  | "usernameChangeDays"
  | "messageMinLevel"
  | "staffReadMessages"
  | "staffTwoFactor"
  | "ssoOnly"
  | TagRuleKey
> &
  SpamSettings &
  RateLimitSettings;
export type TagCreators = "EVERYONE" | "LEVEL" | "STAFF";
type TagRuleKey = "minPostTags" | "tagCreators" | "tagCreateMinLevel";
export type TagRules = Pick<SiteConfig, TagRuleKey>;

/** The tag rules in force (the post write service and the editor ask). */
export async function getTagRules(runner: DbOrTx = db): Promise<TagRules> {
  const { minPostTags, tagCreators, tagCreateMinLevel } = await readSettings(runner);
  return { minPostTags, tagCreators, tagCreateMinLevel };
}

/** The settings row (id 1), or the defaults when no admin has saved any. */
export async function readSettings(runner: DbOrTx = db): Promise<SettingsRow> {
  const [row] = await runner
    .select({
      publishMode: siteSettings.publishMode,
      registrationMode: siteSettings.registrationMode,
      flagHideThreshold: siteSettings.flagHideThreshold,
      usernameChangeDays: siteSettings.usernameChangeDays,
      messageMinLevel: siteSettings.messageMinLevel,
      staffReadMessages: siteSettings.staffReadMessages,
      minPostTags: siteSettings.minPostTags,
      tagCreators: siteSettings.tagCreators,
      tagCreateMinLevel: siteSettings.tagCreateMinLevel,
      staffTwoFactor: siteSettings.staffTwoFactor,
      ssoOnly: siteSettings.ssoOnly,
      ...spamSettingsSelect,
      ...rateLimitSettingsSelect,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return (
    row ?? {
      publishMode: "DIRECT",
      registrationMode: "OPEN",
      flagHideThreshold: 3,
      usernameChangeDays: 30,
      messageMinLevel: 1,
      staffReadMessages: false,
      minPostTags: 0,
      tagCreators: "LEVEL",
      // TAG_CREATE_MIN_LEVEL is the level until an admin saves the settings (then the row keeps it).
      tagCreateMinLevel: env().TAG_CREATE_MIN_LEVEL,
      staffTwoFactor: false,
      ssoOnly: false,
      ...SPAM_DEFAULTS,
      ...RATE_LIMIT_SETTING_DEFAULTS,
    }
  );
}

/** Whether sign-up is open (POST /api/auth/register asks before anything else). */
export async function getRegistrationMode(runner: DbOrTx = db): Promise<RegistrationMode> {
  return (await readSettings(runner)).registrationMode;
}
