import "server-only";
import { db } from "@/db";
import { siteSettings } from "@/db/schema";
import { assertRole } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { env } from "@/lib/env";
import { definedOnly, valuesBefore } from "@/lib/patch";
import type { Viewer } from "@/lib/viewer";
import { readSettings, type SettingsRow, type SiteConfig } from "@/lib/services/shared/site-settings";

/** The limits in force, from the environment (shown on /admin/settings; changed by redeploying). */
function rateLimits(): SiteConfig["rateLimits"] {
  const e = env();
  return {
    login: { limit: e.RATE_LIMIT_LOGIN, windowSeconds: e.RATE_LIMIT_LOGIN_WINDOW_SEC },
    register: { limit: e.RATE_LIMIT_REGISTER, windowSeconds: e.RATE_LIMIT_REGISTER_WINDOW_SEC },
    posts: { limit: e.RATE_LIMIT_POSTS, windowSeconds: e.RATE_LIMIT_WINDOW_SEC },
    comments: { limit: e.RATE_LIMIT_COMMENTS, windowSeconds: e.RATE_LIMIT_WINDOW_SEC },
    messages: { limit: e.RATE_LIMIT_MESSAGES, windowSeconds: e.RATE_LIMIT_WINDOW_SEC },
    uploads: { limit: e.RATE_LIMIT_UPLOADS, windowSeconds: e.RATE_LIMIT_WINDOW_SEC },
    verifyResend: { limit: e.RATE_LIMIT_VERIFY_RESEND, windowSeconds: e.RATE_LIMIT_VERIFY_RESEND_WINDOW_SEC },
    forgotPassword: { limit: e.RATE_LIMIT_FORGOT, windowSeconds: e.RATE_LIMIT_FORGOT_WINDOW_SEC },
  };
}

/** GET /api/admin/config (admin). */
export async function getSiteConfig(viewer: Viewer | null): Promise<SiteConfig> {
  assertRole(viewer, "ADMIN");
  return { ...(await readSettings()), rateLimits: rateLimits() };
}

/** PUT /api/admin/config (admin): the settings given change, in one transaction with their audit entry. */
export async function setSiteConfig(viewer: Viewer | null, input: Partial<SettingsRow>): Promise<SiteConfig> {
  assertRole(viewer, "ADMIN");
  const patch = definedOnly(input);
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
