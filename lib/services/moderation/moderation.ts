import "server-only";
import { sql } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { canReviewPosts } from "@/lib/permissions";
import { moderatedCategoriesSql, reviewScope } from "@/lib/permissions/category-moderators";
import { countOpenFlagTargets } from "@/lib/services/moderation/flags";
import { countPendingPosts } from "@/lib/services/posts/list";
import type { Viewer } from "@/lib/viewer";

/**
 * What waits for staff to review: `posts` pending, `flagged` targets with open flags, and `total`, each
 * waiting thing once (a post hidden by flags is both pending and flagged). Moderators and admins: all of
 * it; a category moderator: what is in their categories (`reviewScope`); 403 for anyone else.
 */
export async function reviewQueueCounts(viewer: Viewer | null): Promise<{ posts: number; flagged: number; total: number }> {
  const scope = await reviewScope(viewer, db);
  const [posts, flagged] = await Promise.all([countPendingPosts(viewer, scope), countOpenFlagTargets(scope)]);
  return { posts, flagged: flagged.all, total: posts + flagged.besidesPending };
}

/**
 * What waits for this viewer to review (the header's review link): staff, everything in the queue; a
 * category moderator, their categories' share (`memberReviewCountSql`); null for other members.
 */
export async function reviewQueueCount(viewer: Viewer | null): Promise<number | null> {
  if (!viewer) return null;
  if (!canReviewPosts(viewer)) {
    const [row] = await rawRows<{ n: number | null }>(db, sql`select ${memberReviewCountSql(viewer.id)} as n`);
    return row?.n === null || row?.n === undefined ? null : Number(row.n);
  }
  return (await reviewQueueCounts(viewer)).total;
}

/**
 * A member's share of the review queue as one SQL value, for a combined read (page-state): null when
 * they moderate no category, else their categories' pending posts plus the flagged targets that are not
 * a pending post (each waiting thing once, as `reviewQueueCounts`).
 */
export function memberReviewCountSql(userId: number) {
  const mine = moderatedCategoriesSql(userId);
  return sql`(select case when not exists ${mine} then null else
    (select count(*) from posts p where p.status = 'PENDING' and p.category_id in ${mine})::int
    + (select count(distinct (f.post_id, coalesce(f.comment_id, 0))) from flags f join posts p on p.id = f.post_id
       where f.status = 'OPEN' and p.category_id in ${mine} and (f.comment_id is not null or p.status <> 'PENDING'))::int end)`;
}
