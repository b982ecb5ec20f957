import "server-only";
import { db } from "@/db";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { badRequest, msg } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { ssoConfigured } from "@/lib/services/shared/sso-providers";
import { getSiteConfig, setSiteConfig } from "@/lib/services/moderation/site-settings";
import { type SiteConfig } from "@/lib/services/shared/site-settings";
import {
  checkIdentityInput,
  getIdentitySettings,
  IDENTITY_KEYS,
  writeIdentity,
  type IdentityInput,
  type IdentitySettings,
} from "@/lib/services/site/identity";
import type { Viewer } from "@/lib/viewer";

/**
 * GET/PUT /api/admin/config: the moderation settings (lib/services/moderation/site-settings.ts) and the
 * site's identity (issue 61) as one document. The identity is checked before anything is written, so a
 * refused colour leaves every setting as it was.
 */
export type FullSiteConfig = SiteConfig & IdentitySettings & { ssoAvailable: boolean };

export async function getFullSiteConfig(viewer: Viewer | null): Promise<FullSiteConfig> {
  assertRole(viewer, "ADMIN");
  const [settings, identity] = await Promise.all([getSiteConfig(viewer), getIdentitySettings(viewer)]);
  return { ...settings, ...identity, ssoAvailable: ssoConfigured() };
}

export async function setFullSiteConfig(viewer: Viewer | null, input: Record<string, unknown>): Promise<FullSiteConfig> {
  assertRole(viewer, "ADMIN");
  const identity: IdentityInput = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if ((IDENTITY_KEYS as readonly string[]).includes(k)) (identity as Record<string, unknown>)[k] = v;
    else rest[k] = v;
  }
  checkIdentityInput(identity);
  // SSO-only sign-in without a provider would leave only the admins able to sign in.
  if (rest.ssoOnly === true && !ssoConfigured()) throw badRequest(msg("ssoNotConfigured"), "ssoOnly");
  if (Object.keys(rest).length) await setSiteConfig(viewer, rest as Parameters<typeof setSiteConfig>[1]);
  if (Object.keys(identity).length && (await db.transaction((tx) => writeIdentity(viewer!, identity, tx))))
    await announce(settingsChanged());
  return getFullSiteConfig(viewer);
}
