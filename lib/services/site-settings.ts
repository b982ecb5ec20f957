import { eq } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { siteSettings, type PublishMode } from "@/db/schema";
import { assertRole } from "@/lib/permissions";
import { audit } from "@/lib/services/admin-users";
import { announce, changed } from "@/lib/services/changes";
import type { Viewer } from "@/lib/viewer";

/** The site's publish mode (row id 1; no row means DIRECT). */
export async function getPublishMode(runner: DbOrTx = db): Promise<PublishMode> {
  const [row] = await runner.select({ publishMode: siteSettings.publishMode }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.publishMode ?? "DIRECT";
}

export async function setPublishMode(mode: PublishMode, runner: DbOrTx = db): Promise<PublishMode> {
  await runner
    .insert(siteSettings)
    .values({ id: 1, publishMode: mode, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { publishMode: mode, updatedAt: new Date() } });
  // Inside a caller's transaction, the caller announces after its commit.
  if (runner === db) await announce(changed("site-settings"));
  return mode;
}

/** The admin config object of GET/PUT /api/admin/config. */
export async function getSiteConfig(viewer: Viewer | null): Promise<{ publishMode: PublishMode }> {
  assertRole(viewer, "ADMIN");
  return { publishMode: await getPublishMode() };
}

/** PUT /api/admin/config (admin). */
export async function setSiteConfig(viewer: Viewer | null, input: { publishMode: PublishMode }): Promise<{ publishMode: PublishMode }> {
  assertRole(viewer, "ADMIN");
  const mode = await db.transaction(async (tx) => {
    const before = await getPublishMode(tx);
    const after = await setPublishMode(input.publishMode, tx);
    await audit(tx, { actorId: viewer!.id, action: "settings.update", targetType: "site-settings", targetId: null, before: { publishMode: before }, after: { publishMode: after } });
    return after;
  });
  await announce(changed("site-settings"));
  return { publishMode: mode };
}
