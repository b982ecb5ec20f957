import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { bannerDismissals } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { readSiteIdentity } from "@/lib/services/site/identity";
import { getTermsState } from "@/lib/services/site/legal";
import type { TermsStateDto } from "@/lib/validation/site";
import type { Viewer } from "@/lib/viewer";

/**
 * A member's own part of the site's chrome (issue 61), read by the browser after the page (the page's
 * document is shared and must not carry it): whether they dismissed the banner now shown, and whether
 * they must accept new terms.
 */
export type MySiteState = { bannerDismissed: boolean; terms: TermsStateDto };

export async function getMySiteState(viewer: Pick<Viewer, "id">): Promise<MySiteState> {
  const [site, terms] = await Promise.all([readSiteIdentity(), getTermsState(viewer)]);
  const version = site.banner?.version ?? 0;
  const [row] = version
    ? await db
        .select({ v: bannerDismissals.version })
        .from(bannerDismissals)
        .where(and(eq(bannerDismissals.userId, viewer.id), eq(bannerDismissals.version, version)))
    : [];
  return { bannerDismissed: !!row, terms };
}

/** POST /api/users/me/banner-dismissals: the member hides the banner of `version` (a new banner shows again). */
export async function dismissBanner(
  viewer: Pick<Viewer, "id">,
  { version }: { version: number },
): Promise<{ version: number; dismissed: true }> {
  const current = (await readSiteIdentity()).banner?.version ?? 0;
  if (version !== current) throw badRequest(msg("bannerVersionUnknown", { version }), "version");
  await db.insert(bannerDismissals).values({ userId: viewer.id, version }).onConflictDoNothing();
  return { version, dismissed: true };
}
