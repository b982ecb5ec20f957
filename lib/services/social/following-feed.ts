import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { posts, userFollows } from "@/db/schema";
import { visiblePostsWhere } from "@/lib/permissions";
import { loadPosts } from "@/lib/services/posts/loader";
import type { FollowingPostsQuery } from "@/lib/validation/social";
import type { PostDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";

/** The new posts of the members one follows, as a list: the home page's Following tab. */

/**
 * GET /api/posts/following: the newest posts, by creation, of the members the viewer follows, that the
 * viewer may see (not those of members they blocked). Two queries whatever the page size: the page of
 * ids (user_follows' primary key, then posts_author_idx per followee), then the shared post loader.
 */
export async function listFollowingPosts(viewer: Viewer, q: FollowingPostsQuery): Promise<{ posts: PostDto[]; hasMore: boolean }> {
  const rows = await db
    .select({ id: posts.id })
    .from(userFollows)
    .innerJoin(posts, eq(posts.authorId, userFollows.followeeId))
    .where(
      and(
        eq(userFollows.followerId, viewer.id),
        visiblePostsWhere(viewer, { publishedOnly: true }),
        sql`not exists (select 1 from user_blocks b where b.blocker_id = ${viewer.id} and b.blocked_id = ${posts.authorId})`,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(q.pageSize + 1)
    .offset(q.page * q.pageSize);
  const ids = rows.map((r) => r.id);
  return { posts: await loadPosts(ids.slice(0, q.pageSize), viewer), hasMore: ids.length > q.pageSize };
}
