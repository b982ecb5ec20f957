import "server-only";
import { siteSettings } from "@/db/schema";
import type { SpamSettings } from "@/lib/validation/spam";

export type { SpamSettings };

/** The spam settings' columns, for the one settings query (lib/services/shared/site-settings.ts readSettings). */
export const spamSettingsSelect = {
  newMemberMaxLinks: siteSettings.newMemberMaxLinks,
  newMemberMaxImages: siteSettings.newMemberMaxImages,
  newMemberMaxMentions: siteSettings.newMemberMaxMentions,
  newMemberProfileLinks: siteSettings.newMemberProfileLinks,
  newMemberCooldownSeconds: siteSettings.newMemberCooldownSeconds,
  newMemberReviewPosts: siteSettings.newMemberReviewPosts,
  spamFlagSilenceThreshold: siteSettings.spamFlagSilenceThreshold,
  linkBurstLimit: siteSettings.linkBurstLimit,
  linkBurstMinutes: siteSettings.linkBurstMinutes,
  signupMinFillSeconds: siteSettings.signupMinFillSeconds,
  blockDisposableEmails: siteSettings.blockDisposableEmails,
};

/** Until an admin saves the settings (Discourse-like defaults; db/schema/spam.ts has the same). */
export const SPAM_DEFAULTS: SpamSettings = {
  newMemberMaxLinks: 2,
  newMemberMaxImages: 1,
  newMemberMaxMentions: 2,
  newMemberProfileLinks: false,
  newMemberCooldownSeconds: 0,
  newMemberReviewPosts: 0,
  spamFlagSilenceThreshold: 3,
  linkBurstLimit: 10,
  linkBurstMinutes: 10,
  signupMinFillSeconds: 2,
  blockDisposableEmails: true,
};

/** The spam settings out of the whole site config (the settings page hands them to its own form). */
export function spamSettingsOf(c: SpamSettings): SpamSettings {
  return Object.fromEntries(Object.keys(SPAM_DEFAULTS).map((k) => [k, c[k as keyof SpamSettings]])) as SpamSettings;
}
