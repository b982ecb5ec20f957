import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { comments, posts } from "@/db/schema";
import { AppError, notFound, msg } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { auditPost } from "@/lib/services/shared/audit";
import { afterCommit } from "@/lib/changes/announce";
import { postChanged } from "@/lib/changes/written";
import type { Viewer } from "@/lib/viewer";

/**
 * Slow mode: on a post where staff set N seconds, a member's next comment waits N seconds
 * after their previous one there; 429 with Retry-After, the rate-limit error of docs/api.md §1.
 */
export async function assertSlowMode(userId: number, postId: number, seconds: number): Promise<void> {
  const [row] = await db
    .select({ last: sql<Date | null>`max(${comments.createdAt})` })
    .from(comments)
    .where(and(eq(comments.postId, postId), eq(comments.authorId, userId)));
  const last = row?.last ? new Date(row.last).getTime() : 0;
  const wait = Math.ceil((last + seconds * 1000 - Date.now()) / 1000);
  if (wait > 0) {
    throw new AppError("rate_limited", msg("slowMode", { seconds, wait }), {
      retryAfterSec: wait,
    });
  }
}

/** PUT /api/posts/{id}/slow-mode (moderators): seconds between a member's comments on the post, 0 turns it off. */
export async function setSlowMode(
  viewer: Viewer,
  { postId, seconds }: { postId: number; seconds: number },
): Promise<{ postId: number; seconds: number }> {
  assertRole(viewer, "MODERATOR");
  return afterCommit(
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ seconds: posts.slowModeSeconds, title: posts.title, authorId: posts.authorId })
        .from(posts)
        .where(eq(posts.id, postId))
        .for("update");
      if (!before) throw notFound(msg("postNotFound"));
      await tx.update(posts).set({ slowModeSeconds: seconds }).where(eq(posts.id, postId));
      await auditPost(tx, viewer.id, { ...before, id: postId }, "post.slow-mode", { seconds: before.seconds }, { seconds });
      return { postId, seconds };
    }),
    postChanged(postId),
  );
}
