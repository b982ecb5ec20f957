import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { memberSeesCategorySql } from "@/lib/permissions/category-access";

/** The new posts of the members one follows, as notifications: FOLLOWED_POST (OpenIsle's type, from its PostService). */

/**
 * FOLLOWED_POST to each follower of the post's author, in the publishing transaction, as one statement
 * whatever the number of followers (user_follows_followee_idx). Only for a published post every member
 * may see (ALL, ONLY_REGISTER): an ONLY_ME post tells nobody. Skipped: followers in a block with the
 * author (either way), those in `skip` (already told more specifically: mentioned), and anyone who
 * already has a notification about this post of these kinds, so a post approved after review, or
 * published again, tells each follower once. Whether a follower sees it (and is mailed) is then their
 * notification and email preferences' business, as for every type.
 */
export async function notifyFollowersOfPost(tx: DbOrTx, a: { postId: number; authorId: number; skip?: readonly number[] }): Promise<void> {
  const skip = a.skip?.length
    ? sql`and f.follower_id <> all(array[${sql.join(
        a.skip.map((id) => sql`${id}::int`),
        sql`, `,
      )}]::int[])`
    : sql``;
  await tx.execute(sql`
    insert into notifications (user_id, type, from_user_id, post_id)
    select f.follower_id, 'FOLLOWED_POST', ${a.authorId}, p.id
    from user_follows f
    join posts p on p.id = ${a.postId} and p.author_id = f.followee_id
    where f.followee_id = ${a.authorId}
      and p.status = 'PUBLISHED' and p.visible_scope in ('ALL', 'ONLY_REGISTER')
      and ${memberSeesCategorySql(sql`f.follower_id`, sql`(select fu.role from users fu where fu.id = f.follower_id)`, sql`p.category_id`)}
      ${skip}
      and not exists (select 1 from user_blocks b
        where (b.blocker_id = f.follower_id and b.blocked_id = ${a.authorId}) or (b.blocker_id = ${a.authorId} and b.blocked_id = f.follower_id))
      and not exists (select 1 from notifications n
        where n.user_id = f.follower_id and n.post_id = p.id and n.type::text in ('FOLLOWED_POST', 'MENTION', 'WATCHED_POST'))`);
}
