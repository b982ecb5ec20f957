import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { rawRows, type DbOrTx } from "@/db";
import { posts } from "@/db/schema";
import { memberSeesCategorySql } from "@/lib/permissions/category-access";

/** Whether the member muted the category or one of the tags of the post `p` (a posts row in the outer query). */
function mutedBy(userId: SQL | number, p: SQL): SQL {
  return sql`exists (select 1 from taxonomy_watches mw where mw.user_id = ${userId} and mw.level = 'MUTE'
    and (mw.category_id = ${p}.category_id or mw.tag_id in (select pt.tag_id from post_tags pt where pt.post_id = ${p}.id)))`;
}

/** For a list query of the member alone (their home list): leave out posts they muted. Probes their few watch rows per post. */
export function notMutedWhere(userId: number): SQL {
  return sql`not ${mutedBy(userId, sql`${posts}`)}`;
}

/** As one SQL value (a JSON array): which of `postIds` the member muted; page-state asks it in its one statement. */
export function mutedPostsSql(userId: number, postIds: number[]): SQL {
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(select json_agg(mp.id) from posts mp where mp.id in (${ids}) and ${mutedBy(userId, sql`mp`)})`;
}

/**
 * In the transaction that publishes a post (created in DIRECT mode, or approved): a WATCHED_POST
 * notification to each member who watches its category or one of its tags, in one statement. Not to
 * the author, nor to a member who muted any of them, blocked the author, turned WATCHED_POST off, or
 * was already told of this post (a mention, or as a follower of the author); only where the post's scope lets them see it (members
 * see ALL and ONLY_REGISTER posts). The content names what they watch ("Cooking" or "#baking").
 */
export async function notifyWatchers(tx: DbOrTx, postId: number): Promise<number> {
  const rows = await rawRows<{ id: number }>(
    tx,
    sql`insert into notifications (user_id, type, from_user_id, post_id, content)
      select w.user_id, 'WATCHED_POST', p.author_id, p.id,
             min(case when w.category_id is not null then c.name else '#' || t.name end)
      from posts p
      join taxonomy_watches w on w.level = 'WATCH'
        and (w.category_id = p.category_id or w.tag_id in (select pt.tag_id from post_tags pt where pt.post_id = p.id))
      join users u on u.id = w.user_id
      left join categories c on c.id = w.category_id
      left join tags t on t.id = w.tag_id
      where p.id = ${postId} and p.status = 'PUBLISHED' and p.visible_scope <> 'ONLY_ME'
        and ${memberSeesCategorySql(sql`u.id`, sql`u.role`, sql`p.category_id`)}
        and w.user_id <> p.author_id
        and not u.bot
        and not ${mutedBy(sql`w.user_id`, sql`p`)}
        and not exists (select 1 from user_blocks b where b.blocker_id = w.user_id and b.blocked_id = p.author_id)
        and not exists (select 1 from notification_prefs np where np.user_id = w.user_id and np.type = 'WATCHED_POST' and not np.enabled)
        and not exists (select 1 from notifications n where n.user_id = w.user_id and n.post_id = p.id and n.type in ('MENTION', 'FOLLOWED_POST', 'WATCHED_POST'))
      group by w.user_id, p.author_id, p.id
      returning id`,
  );
  return rows.length;
}
