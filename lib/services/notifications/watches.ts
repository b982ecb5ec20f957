import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db, rawRows, type DbOrTx } from "@/db";
import { categories, posts, tags, taxonomyWatches } from "@/db/schema";
import { badRequest, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { afterCommit } from "@/lib/changes/announce";
import { accountChanged } from "@/lib/changes/written";
import type { SetWatchInput, WatchDto } from "@/lib/validation/account";
import type { Viewer } from "@/lib/viewer";
import { memberSeesCategorySql } from "@/lib/permissions/category-access";

/**
 * Watching and muting categories and tags (taxonomy_watches; no row: normal).
 * - WATCH: a WATCHED_POST notification for each new post published in it (and, through the
 *   notification mail trigger, a mail as the member's email settings say).
 * - MUTE: its posts are left out of the member's home list. The home page is shared by every member
 *   (lib/cache/README.md), so the shared render lists them all and the member's browser hides them from
 *   what page-state says (`mutedPostsSql`); a home page rendered for the member alone leaves them out
 *   of its query (`notMutedWhere`). Category and tag pages, search and profiles still show them.
 * A mute wins over a watch: a post in a muted category is no news even in a watched tag.
 */

/** The member's watched and muted categories and tags, categories first, by name: one query. */
export async function listWatches(viewer: Pick<Viewer, "id">): Promise<WatchDto[]> {
  const userId = viewer.id;
  const rows = await db
    .select({
      categoryId: taxonomyWatches.categoryId,
      tagId: taxonomyWatches.tagId,
      level: taxonomyWatches.level,
      createdAt: taxonomyWatches.createdAt,
      categoryName: categories.name,
      tagName: tags.name,
    })
    .from(taxonomyWatches)
    .leftJoin(categories, eq(categories.id, taxonomyWatches.categoryId))
    .leftJoin(tags, eq(tags.id, taxonomyWatches.tagId))
    .where(eq(taxonomyWatches.userId, userId))
    .orderBy(sql`${taxonomyWatches.categoryId} is null`, asc(sql`lower(coalesce(${categories.name}, ${tags.name}))`));
  return rows.map((r) => ({
    kind: r.categoryId !== null ? ("category" as const) : ("tag" as const),
    id: (r.categoryId ?? r.tagId)!,
    name: r.categoryName ?? r.tagName ?? "",
    level: r.level,
    createdAt: iso(r.createdAt)!,
  }));
}

/**
 * PUT /api/users/me/watches: the member's choice for one category or tag (NORMAL removes it).
 * 400 on the id when it names no category or tag. Answers the whole list.
 */
export async function setWatch(viewer: Viewer, input: SetWatchInput): Promise<WatchDto[]> {
  const isCategory = input.categoryId !== undefined;
  const targetId = (input.categoryId ?? input.tagId)!;
  const [exists] = isCategory
    ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, targetId))
    : await db.select({ id: tags.id }).from(tags).where(eq(tags.id, targetId));
  if (!exists)
    throw badRequest(
      msg("categoryOrTagMissing", { kind: isCategory ? "category" : "tag", id: targetId }),
      isCategory ? "categoryId" : "tagId",
    );
  const target = isCategory ? eq(taxonomyWatches.categoryId, targetId) : eq(taxonomyWatches.tagId, targetId);
  await afterCommit(
    db.transaction(async (tx) => {
      await tx.delete(taxonomyWatches).where(and(eq(taxonomyWatches.userId, viewer.id), target));
      if (input.level !== "NORMAL") {
        await tx.insert(taxonomyWatches).values({
          userId: viewer.id,
          categoryId: isCategory ? targetId : null,
          tagId: isCategory ? null : targetId,
          level: input.level,
        });
      }
    }),
    accountChanged(viewer.id),
  );
  return listWatches(viewer);
}

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
