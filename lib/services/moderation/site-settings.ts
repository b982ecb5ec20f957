import "server-only";
import { db } from "@/db";
import { siteSettings } from "@/db/schema";
import { assertRole } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { definedOnly, valuesBefore } from "@/lib/patch";
import type { Viewer } from "@/lib/viewer";
import { readSettings, type SettingsRow, type SiteConfig } from "@/lib/services/shared/site-settings";
import { rateLimitPatch, rateLimitsOf, withoutRateLimitColumns, type RateLimitSettings } from "@/lib/services/shared/rate-limit-settings";
import type { RateLimitsInput } from "@/lib/validation/rate-limits";

/** GET /api/admin/config (admin). */
export async function getSiteConfig(viewer: Viewer | null): Promise<SiteConfig> {
  assertRole(viewer, "ADMIN");
  const row = await readSettings();
  return { ...withoutRateLimitColumns(row), rateLimits: rateLimitsOf(row) };
}

/** PUT /api/admin/config (admin): the settings given change, in one transaction with their audit entry. */
export async function setSiteConfig(
  viewer: Viewer | null,
  input: Partial<Omit<SettingsRow, keyof RateLimitSettings>> & { rateLimits?: RateLimitsInput },
): Promise<SiteConfig> {
  assertRole(viewer, "ADMIN");
  const { rateLimits, ...rest } = input;
  const patch: Partial<SettingsRow> = { ...definedOnly(rest), ...rateLimitPatch(rateLimits) };
  await db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const after = { ...before, ...patch };
    if (Object.keys(patch).every((k) => before[k as keyof SettingsRow] === after[k as keyof SettingsRow])) return;
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...after, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...after, updatedAt: new Date() } });
    await audit(tx, {
      actorId: viewer!.id,
      action: "settings.update",
      targetType: "site-settings",
      targetId: null,
      before: valuesBefore(before, patch),
      after: valuesBefore(after, patch),
    });
  });
  await announce(settingsChanged());
  return getSiteConfig(viewer);
}

/**
 * Test servers and tests only (TEST_RATE_LIMITS, applied by lib/startup.ts; tests/helpers.ts
 * setRateLimits): writes the rate limits given over the stored ones, without an admin or an audit entry.
 * Admins change them through setSiteConfig.
 */
export async function writeTestRateLimits(input: RateLimitsInput): Promise<void> {
  const patch = rateLimitPatch(input);
  if (!Object.keys(patch).length) return;
  await db.transaction(async (tx) => {
    const after = { ...(await readSettings(tx)), ...patch };
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...after, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...patch, updatedAt: new Date() } });
  });
}
