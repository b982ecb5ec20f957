import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { postSubscriptions, posts } from "@/db/schema";
import { assertCategoryVisible } from "@/lib/permissions/category-access";
import { assertCanSeePost } from "@/lib/permissions";
import { notify } from "@/lib/services/shared/notification-writer";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { subscriptionChanged } from "@/lib/changes/written";

/**
 * Subscribes (or unsubscribes) the viewer to a post it may see; idempotent. The post's author hears
 * about a change of state (POST_SUBSCRIBED / POST_UNSUBSCRIBED), never about their own.
 */
export async function setSubscription(
  viewer: Viewer,
  { postId, subscribed }: { postId: number; subscribed: boolean },
): Promise<{ subscribed: boolean }> {
  const [post] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      status: posts.status,
      visibleScope: posts.visibleScope,
      categoryId: posts.categoryId,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  assertCanSeePost(viewer, post);
  await assertCategoryVisible(viewer, post.categoryId);
  await afterCommit(
    db.transaction(async (tx) => {
      const rows = subscribed
        ? await tx
            .insert(postSubscriptions)
            .values({ userId: viewer.id, postId })
            .onConflictDoNothing()
            .returning({ postId: postSubscriptions.postId })
        : await tx
            .delete(postSubscriptions)
            .where(and(eq(postSubscriptions.userId, viewer.id), eq(postSubscriptions.postId, postId)))
            .returning({ postId: postSubscriptions.postId });
      if (rows.length) {
        await notify(tx, {
          userId: post.authorId,
          type: subscribed ? "POST_SUBSCRIBED" : "POST_UNSUBSCRIBED",
          fromUserId: viewer.id,
          postId,
        });
      }
    }),
    subscriptionChanged(postId),
  );
  return { subscribed };
}
