import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { legalPageRevisions, legalPages, termsAcceptances, users, type LegalSlug } from "@/db/schema";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { badRequest, conflict, msg } from "@/lib/errors";
import { renderMarkdownAsync } from "@/lib/markdown";
import { assertRole } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import { LEGAL_DEFAULTS } from "@/lib/services/site/legal-defaults";
import { readSiteIdentity } from "@/lib/services/site/identity";
import type { LegalHistoryDto, LegalPageDto, TermsStateDto } from "@/lib/validation/site";
import type { Viewer } from "@/lib/viewer";

/**
 * The pages an operator must have (issue 61): /about, /terms, /privacy, /guidelines. Each is markdown
 * an admin edits; every published version is kept (legal_page_revisions) and diffed on the history
 * page like a post's. Version 0 is the built-in text (legal-defaults.ts), never stored. The terms'
 * version is what members accept: at sign-up, and again after an admin publishes a new one.
 */

const fill = (text: string, site: { name: string; contactEmail: string | null }) =>
  text.replaceAll("{site}", site.name).replaceAll("{contact}", site.contactEmail ?? "the site's staff");

export async function getLegalPage({ slug }: { slug: LegalSlug }): Promise<LegalPageDto> {
  const [row] = await db.select().from(legalPages).where(eq(legalPages.slug, slug));
  if (row) return { slug, markdown: row.markdown, html: row.html, version: row.version, updatedAt: row.updatedAt.toISOString() };
  const markdown = fill(LEGAL_DEFAULTS[slug], await readSiteIdentity());
  return { slug, markdown, html: (await renderMarkdownAsync(markdown)).html, version: 0, updatedAt: null };
}

/** PUT /api/admin/legal/{slug} (admin): publishes a new version (unchanged text: nothing happens). */
export async function updateLegalPage(viewer: Viewer | null, a: { slug: LegalSlug; markdown: string }): Promise<LegalPageDto> {
  assertRole(viewer, "ADMIN");
  const html = (await renderMarkdownAsync(a.markdown)).html;
  const changed = await db.transaction(async (tx) => {
    // One writer per page at a time: the version numbers stay a sequence.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('legal_page'), hashtext(${a.slug}))`);
    const [before] = await tx.select().from(legalPages).where(eq(legalPages.slug, a.slug));
    if (before?.markdown === a.markdown) return false;
    const version = (before?.version ?? 0) + 1;
    await tx
      .insert(legalPages)
      .values({ slug: a.slug, markdown: a.markdown, html, version, updatedById: viewer!.id, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: legalPages.slug,
        set: { markdown: a.markdown, html, version, updatedById: viewer!.id, updatedAt: new Date() },
      });
    await tx.insert(legalPageRevisions).values({ slug: a.slug, version, markdown: a.markdown, authorId: viewer!.id });
    await audit(tx, {
      actorId: viewer!.id,
      action: "settings.update",
      targetType: "site-settings",
      targetId: null,
      before: { [`${a.slug}Page`]: before?.version ?? 0 },
      after: { [`${a.slug}Page`]: version },
    });
    return true;
  });
  // The footer and the sign-up page link the pages; the terms' version shows in GET /api/config.
  if (changed) await announce(settingsChanged());
  return getLegalPage({ slug: a.slug });
}

/** GET /api/legal/{slug}/history: every published version, newest first, with the built-in text as version 0. */
export async function legalHistory({ slug }: { slug: LegalSlug }): Promise<LegalHistoryDto> {
  const rows = await db
    .select({
      version: legalPageRevisions.version,
      markdown: legalPageRevisions.markdown,
      author: users.username,
      createdAt: legalPageRevisions.createdAt,
    })
    .from(legalPageRevisions)
    .leftJoin(users, eq(users.id, legalPageRevisions.authorId))
    .where(eq(legalPageRevisions.slug, slug))
    .orderBy(desc(legalPageRevisions.version));
  const builtIn = {
    version: 0,
    markdown: fill(LEGAL_DEFAULTS[slug], await readSiteIdentity()),
    author: null,
    createdAt: new Date(0).toISOString(),
  };
  return { slug, revisions: [...rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), builtIn] };
}

/** The terms' version in force (0: the built-in text). */
export async function termsVersion(runner: DbOrTx = db): Promise<number> {
  const [row] = await runner.select({ version: legalPages.version }).from(legalPages).where(eq(legalPages.slug, "terms"));
  return row?.version ?? 0;
}

/** Records that a member accepted `version` of the terms (sign-up; POST /api/users/me/terms). */
export async function recordTermsAcceptance(tx: DbOrTx, userId: number, version: number): Promise<void> {
  await tx
    .insert(termsAcceptances)
    .values({ userId, version, acceptedAt: new Date() })
    .onConflictDoUpdate({ target: termsAcceptances.userId, set: { version, acceptedAt: new Date() } });
}

/**
 * GET /api/users/me/terms: whether the member must accept the terms. A member who accepted an older
 * version, or none (an account from before there were terms to accept), is asked once an admin has
 * published terms (version 1 and later); the built-in text (0) asks nobody again.
 */
export async function getTermsState(viewer: Pick<Viewer, "id">): Promise<TermsStateDto> {
  const [[accepted], version] = await Promise.all([
    db.select({ version: termsAcceptances.version }).from(termsAcceptances).where(eq(termsAcceptances.userId, viewer.id)),
    termsVersion(),
  ]);
  const acceptedVersion = accepted?.version ?? null;
  return { version, acceptedVersion, mustAccept: version > 0 && (acceptedVersion ?? -1) < version };
}

/** POST /api/users/me/terms: accepts the version the member was shown (409 when a newer one was published meanwhile). */
export async function acceptTerms(viewer: Pick<Viewer, "id">, { version }: { version: number }): Promise<TermsStateDto> {
  const current = await termsVersion();
  if (version > current || version < 0) throw badRequest(msg("termsVersionUnknown", { version }), "version");
  if (version < current) throw conflict(msg("termsVersionOld", { current }));
  await recordTermsAcceptance(db, viewer.id, version);
  return getTermsState(viewer);
}
