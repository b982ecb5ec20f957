import "server-only";
import { canReviewPosts } from "@/lib/permissions";
import { countOpenFlagTargets } from "@/lib/services/moderation/flags";
import { countPendingPosts } from "@/lib/services/posts/list";
import type { Viewer } from "@/lib/viewer";

/** What waits for this viewer to review (the staff header badge): pending posts plus flagged targets; null for members. */
export async function reviewQueueCount(viewer: Viewer | null): Promise<number | null> {
  if (!canReviewPosts(viewer)) return null;
  const [pending, flagged] = await Promise.all([countPendingPosts(viewer), countOpenFlagTargets()]);
  return pending + flagged;
}
