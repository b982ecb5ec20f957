import "server-only";
import { canReviewPosts } from "@/lib/permissions";
import { countOpenFlagTargets } from "@/lib/services/moderation/flags";
import { countPendingPosts } from "@/lib/services/posts/list";
import type { Viewer } from "@/lib/viewer";

/**
 * What waits for staff to review: `posts` pending, `flagged` targets with open flags, and `total`, each
 * waiting thing once (a post hidden by flags is both pending and flagged). Moderators and admins only.
 */
export async function reviewQueueCounts(viewer: Viewer | null): Promise<{ posts: number; flagged: number; total: number }> {
  const [posts, flagged] = await Promise.all([countPendingPosts(viewer), countOpenFlagTargets()]);
  return { posts, flagged: flagged.all, total: posts + flagged.besidesPending };
}

/** What waits for this viewer to review (the staff header badge): everything in the queue; null for members. */
export async function reviewQueueCount(viewer: Viewer | null): Promise<number | null> {
  if (!canReviewPosts(viewer)) return null;
  return (await reviewQueueCounts(viewer)).total;
}
