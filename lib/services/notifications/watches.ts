import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { categories, tags, taxonomyWatches } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { afterCommit } from "@/lib/changes/announce";
import { accountChanged } from "@/lib/changes/written";
import type { SetWatchInput, WatchDto } from "@/lib/validation/account";
import type { Viewer } from "@/lib/viewer";

/**
 * Watching and muting categories and tags (taxonomy_watches; no row: normal).
 * - WATCH: a WATCHED_POST notification for each new post published in it (and, through the
 *   notification mail trigger, a mail as the member's email settings say).
 * - MUTE: its posts are left out of the member's home list. The home page is shared by every member
 *   (lib/cache/README.md), so the shared render lists them all and the member's browser hides them from
 *   what page-state says (`mutedPostsSql`); a home page rendered for the member alone leaves them out
 *   of its query (`notMutedWhere`). Category and tag pages, search and profiles still show them.
 * A mute wins over a watch: a post in a muted category is no news even in a watched tag.
 */

/** The member's watched and muted categories and tags, categories first, by name: one query. */
export async function listWatches(viewer: Pick<Viewer, "id">): Promise<WatchDto[]> {
  const userId = viewer.id;
  const rows = await db
    .select({
      categoryId: taxonomyWatches.categoryId,
      tagId: taxonomyWatches.tagId,
      level: taxonomyWatches.level,
      createdAt: taxonomyWatches.createdAt,
      categoryName: categories.name,
      tagName: tags.name,
    })
    .from(taxonomyWatches)
    .leftJoin(categories, eq(categories.id, taxonomyWatches.categoryId))
    .leftJoin(tags, eq(tags.id, taxonomyWatches.tagId))
    .where(eq(taxonomyWatches.userId, userId))
    .orderBy(sql`${taxonomyWatches.categoryId} is null`, asc(sql`lower(coalesce(${categories.name}, ${tags.name}))`));
  return rows.map((r) => ({
    kind: r.categoryId !== null ? ("category" as const) : ("tag" as const),
    id: (r.categoryId ?? r.tagId)!,
    name: r.categoryName ?? r.tagName ?? "",
    level: r.level,
    createdAt: iso(r.createdAt)!,
  }));
}

/**
 * PUT /api/users/me/watches: the member's choice for one category or tag (NORMAL removes it).
 * 400 on the id when it names no category or tag. Answers the whole list.
 */
export async function setWatch(viewer: Viewer, input: SetWatchInput): Promise<WatchDto[]> {
  const isCategory = input.categoryId !== undefined;
  const targetId = (input.categoryId ?? input.tagId)!;
  const [exists] = isCategory
    ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, targetId))
    : await db.select({ id: tags.id }).from(tags).where(eq(tags.id, targetId));
  if (!exists)
    throw badRequest(
      msg("categoryOrTagMissing", { kind: isCategory ? "category" : "tag", id: targetId }),
      isCategory ? "categoryId" : "tagId",
    );
  const target = isCategory ? eq(taxonomyWatches.categoryId, targetId) : eq(taxonomyWatches.tagId, targetId);
  await afterCommit(
    db.transaction(async (tx) => {
      await tx.delete(taxonomyWatches).where(and(eq(taxonomyWatches.userId, viewer.id), target));
      if (input.level !== "NORMAL") {
        await tx.insert(taxonomyWatches).values({
          userId: viewer.id,
          categoryId: isCategory ? targetId : null,
          tagId: isCategory ? null : targetId,
          level: input.level,
        });
      }
    }),
    accountChanged(viewer.id),
  );
  return listWatches(viewer);
}
