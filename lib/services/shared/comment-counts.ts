import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { posts } from "@/db/schema";

/**
 * A post's public comment figures: `comment_count` and `last_reply_at` count the comments every reader
 * of the post may read, i.e. neither deleted nor hidden (held for review, hidden by flags or staff:
 * lib/services/shared/comment-visibility.ts). They are shared by every reader (the post objects and the cached
 * list pages are not per viewer), so a held spammer's comment neither raises the count on the post's
 * card nor moves the post up the "latest reply" list; it counts once a moderator lets it through. The
 * participants are read with the same rule (lib/services/posts/loader.ts).
 *
 * A new visible comment adds itself (createComment: +1, greatest()); every other change of a comment's
 * state (hidden, shown again, deleted) recounts its posts here, inside the writing transaction.
 */
export async function recountComments(tx: DbOrTx, postIds: readonly number[]): Promise<void> {
  const ids = [...new Set(postIds)];
  if (!ids.length) return;
  const visible = sql`c.post_id = ${posts.id} and c.deleted_at is null and c.hidden_at is null`;
  await tx
    .update(posts)
    .set({
      commentCount: sql`(select count(*)::int from comments c where ${visible})`,
      lastReplyAt: sql`coalesce((select max(c.created_at) from comments c where ${visible}), ${posts.createdAt})`,
    })
    .where(inArray(posts.id, ids));
}
