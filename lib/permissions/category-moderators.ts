import { sql } from "drizzle-orm";
import { rawRows, type DbOrTx } from "@/db";
import { forbidden } from "@/lib/errors";
import { isModerator } from "@/lib/permissions";
import type { Viewer } from "@/lib/viewer";

/**
 * Category moderators (issue 57 item 4; docs/permissions.md), the one place of the rule: a group made
 * moderator of a category (`category_moderators`) gives its members a moderator's rights over the posts
 * of that category, and only there: review (approve, reject: a rejected post is hidden), close and
 * reopen, pin and unpin, and move them out (to a category where they may start posts).
 *
 * The post actions ask `actingOn(viewer, post.categoryId)` once, after loading the post, and check the
 * answer with the usual rules (`assertOnPost`, `isModerator`, `canUndoState`): for a member of a
 * moderating group it is the viewer as a moderator, so a close they make is a staff close, as a
 * moderator's. The answer is for that post alone; nothing else ever sees it.
 */
export async function actingOn(viewer: Viewer, categoryId: number, runner: DbOrTx): Promise<Viewer> {
  if (isModerator(viewer)) return viewer;
  const [row] = await rawRows<{ moderates: boolean }>(
    runner,
    sql`select exists (select 1 from category_moderators cm join group_members gm on gm.group_id = cm.group_id
      where cm.category_id = ${categoryId}::int and gm.user_id = ${viewer.id}::int) as moderates`,
  );
  return row?.moderates ? { ...viewer, role: "MODERATOR" } : viewer;
}

/** The categories `viewer` moderates through a group (sorted ids; empty for staff, who moderate everything). */
export async function moderatedCategoryIds(viewer: Viewer | null, runner: DbOrTx): Promise<number[]> {
  if (!viewer || isModerator(viewer)) return [];
  const rows = await rawRows<{ id: number }>(
    runner,
    sql`select distinct cm.category_id as id from category_moderators cm join group_members gm on gm.group_id = cm.group_id
      where gm.user_id = ${viewer.id}::int order by 1`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Whether member `userId` moderates the category of post `postId` through a group, as SQL: the page
 * cache's one lookup for a member's request of a post page (lib/cache/page-versions.ts), so that such a
 * member gets the page rendered for them, with the moderation buttons they may use.
 */
export const moderatesPostSql = (postId: number, userId: number) =>
  sql`exists (select 1 from posts p join category_moderators cm on cm.category_id = p.category_id
    join group_members gm on gm.group_id = cm.group_id where p.id = ${postId}::int and gm.user_id = ${userId}::int)`;

/** The categories member `userId` moderates through a group, as an SQL subquery (of `category_id`s). */
export const moderatedCategoriesSql = (userId: number) =>
  sql`(select cm.category_id from category_moderators cm join group_members gm on gm.group_id = cm.group_id
    where gm.user_id = ${userId}::int)`;

/**
 * What of the review queue (pending posts, flags) `viewer` works on: `null` for staff (all of it), else
 * the categories they moderate through a group; 403 for anyone who moderates nothing. The queue's lists,
 * counts and flag resolutions all ask this, so a category moderator's queue holds their categories' items
 * and nothing else.
 */
export async function reviewScope(viewer: Viewer | null, runner: DbOrTx): Promise<number[] | null> {
  if (!viewer) throw forbidden();
  if (isModerator(viewer)) return null;
  const ids = await moderatedCategoryIds(viewer, runner);
  if (!ids.length) throw forbidden();
  return ids;
}

/** The viewer as a moderator for items already limited to their scope (`reviewScope`): staff unchanged. */
export const asReviewer = (viewer: Viewer): Viewer => (isModerator(viewer) ? viewer : { ...viewer, role: "MODERATOR" });
