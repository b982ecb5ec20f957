"use server";

import { pageViewer } from "@/lib/cache/page-reader";
import { readPost } from "@/lib/services/posts/reads";

/**
 * Marks a post read for the signed-in member, called by the page once it is shown (never by a
 * prefetch). A server action, not POST /api/posts/{id}/read: unread state is always read fresh, so
 * this write must not mark every process's read caches stale as API writes do.
 */
export async function markPostReadAction(postId: number): Promise<void> {
  const viewer = await pageViewer();
  if (!viewer || !Number.isInteger(postId) || postId < 1) return;
  await readPost(viewer, postId).catch(() => {});
}
