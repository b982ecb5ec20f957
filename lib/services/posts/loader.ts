import "server-only";
import { asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { db, jsonValue, rawRows } from "@/db";
import { categories, posts, postTags, tags, users, type MedalType } from "@/db/schema";
import { iso, userSummary } from "@/lib/services/dto";
import { canSeePost, isModerator, setByStaff } from "@/lib/permissions";
import { hiddenCategoriesSql, hiddenCategoryIds, ownAccessSql } from "@/lib/permissions/category-access";
import { categoryPostCount } from "@/lib/services/taxonomy/categories";
import { loadLotteries } from "@/lib/services/posts/lotteries";
import { loadPolls } from "@/lib/services/posts/polls";
import { loadPostReactions } from "@/lib/services/shared/reactions";
import { tagColumns, tagDto } from "@/lib/services/taxonomy/tags";
import { readCachesEnabled, versionedCache, versionSql } from "@/lib/cache/content-version";
import { censorText, readyCensor } from "@/lib/services/spam/censor";
import { postVersionIn, postVersionsSql } from "@/lib/cache/page-versions";
import { unreadStateSql } from "@/lib/services/posts/reads";
import type { PostDto, TagDto, UserSummaryDto } from "@/lib/validation/responses";
import type { Viewer } from "@/lib/viewer";

/** At most this many participants per post (the author included). */
export const MAX_PARTICIPANTS = 5;

/** A tag's or category's delta rows are folded into one once there are more than this many. */
const FOLD_AT = 32;

/** Folds the delta rows of these tags/categories into one row each (safe under concurrency). */
async function foldCounts(table: "tag_post_counts" | "category_post_counts", ids: number[]): Promise<void> {
  if (!ids.length) return;
  const col = sql.raw(table === "tag_post_counts" ? "tag_id" : "category_id");
  const t = sql.raw(table);
  await db.execute(sql`with d as (delete from ${t} where ${col} in (${idList(ids)}) returning ${col} as id, n)
    insert into ${t} select id, sum(n) from d group by id`);
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The posts with their author and category (and the category's count rows, to fold). */
function readPostRows(ids: number[]) {
  return db
    .select({
      ...getTableColumns(posts),
      aId: users.id,
      aUsername: users.username,
      aAvatar: users.avatar,
      aDisplayMedal: users.displayMedal,
      aEarnedMedal: users.earnedMedal,
      aBot: users.bot,
      aDisplayName: users.displayName,
      cName: categories.name,
      cDescription: categories.description,
      cIcon: categories.icon,
      cSmallIcon: categories.smallIcon,
      cCount: categoryPostCount,
      cRows: sql<number>`(select count(*)::int from category_post_counts cc where cc.category_id = ${posts.categoryId})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(inArray(posts.id, ids));
}
type PostRow = Awaited<ReturnType<typeof readPostRows>>[number];

/** The tags of the posts (and each tag's count rows, to fold), by post then tag. */
function readTagRows(postIds: number[]) {
  return db
    .select({
      postId: postTags.postId,
      ...tagColumns,
      rows: sql<number>`(select count(*)::int from tag_post_counts tc where tc.tag_id = ${tags.id})`,
    })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(postTags.postId), asc(tags.id));
}
type TagRow = Awaited<ReturnType<typeof readTagRows>>[number];

/**
 * Distinct commenters other than the author, in order of their first live comment, per post: a walk
 * along the post's comments in order (comments_post_idx) that takes the next comment by someone not
 * yet found, MAX_PARTICIPANTS - 1 times, and stops. Grouping every comment of the post by author, as
 * before, cost what the thread is long: 4.5 ms of Postgres per load of a post with 3,800 comments,
 * and a comment on a hot thread loads its post again each time (write load).
 */
async function readParticipants(postIds: number[]): Promise<Map<number, UserSummaryDto[]>> {
  const participantRows = await rawRows<{
    post_id: number;
    id: number;
    username: string;
    avatar: string;
    display_medal: MedalType | null;
    earned_medal: MedalType | null;
    bot: boolean;
    display_name: string | null;
  }>(
    db,
    sql`
    with recursive walk(post_id, post_author, found, at, cid) as (
      select p.id, p.author_id, array[]::int[], '-infinity'::timestamptz, 0
      from posts p where p.id in (${idList(postIds)})
      union all
      select w.post_id, w.post_author, w.found || c.author_id, c.created_at, c.id
      from walk w
      cross join lateral (
        select c.author_id, c.created_at, c.id from comments c
        -- A hidden comment (held for review, hidden by staff) makes nobody a participant: its author's
        -- name would show on the post's card to everyone (bench:spam: held bots' names on the home list).
        where c.post_id = w.post_id and (c.created_at, c.id) > (w.at, w.cid) and c.deleted_at is null and c.hidden_at is null
          and c.author_id <> w.post_author and c.author_id <> all(w.found)
        order by c.created_at, c.id
        limit 1
      ) c
      where cardinality(w.found) < ${MAX_PARTICIPANTS - 1}
    )
    select w.post_id, u.id, u.username, u.avatar, u.display_medal, u.earned_medal, u.bot, u.display_name
    from walk w
    -- A lateral primary-key lookup per participant (offset 0 keeps the planner from turning it
    -- into a hash join over the whole users table).
    cross join lateral (
      select id, username, avatar, display_medal, earned_medal, bot, display_name from users where users.id = w.found[cardinality(w.found)] offset 0
    ) u
    where cardinality(w.found) > 0
    order by w.post_id, cardinality(w.found)`,
  );
  const participantsByPost = new Map<number, UserSummaryDto[]>();
  for (const p of participantRows) {
    const key = Number(p.post_id);
    const list = participantsByPost.get(key) ?? [];
    list.push(
      userSummary({
        id: Number(p.id),
        username: p.username,
        avatar: p.avatar,
        displayMedal: p.display_medal,
        earnedMedal: p.earned_medal,
        bot: p.bot,
        displayName: p.display_name,
      }),
    );
    participantsByPost.set(key, list);
  }
  return participantsByPost;
}

/** Folds the count rows of the tags and categories these rows show, where they passed FOLD_AT. */
async function foldBusyCounts(rows: PostRow[], tagRows: TagRow[]): Promise<void> {
  const foldTags = [...new Set(tagRows.filter((t) => Number(t.rows) > FOLD_AT).map((t) => t.id))];
  const foldCats = [...new Set(rows.filter((r) => Number(r.cRows) > FOLD_AT).map((r) => r.categoryId))];
  if (foldTags.length || foldCats.length) {
    await Promise.all([foldCounts("tag_post_counts", foldTags), foldCounts("category_post_counts", foldCats)]);
  }
}

/** The shared Post object of one row, given what the batch loaders read for it. */
function sharedPostDto(
  r: PostRow,
  more: Pick<PostDto, "tags" | "reactions" | "lottery" | "poll"> & { participants: UserSummaryDto[] },
): PostDto {
  const author = userSummary({
    id: r.aId,
    username: r.aUsername,
    avatar: r.aAvatar,
    displayMedal: r.aDisplayMedal,
    earnedMedal: r.aEarnedMedal,
    bot: r.aBot,
    displayName: r.aDisplayName,
  });
  return {
    id: r.id,
    title: censorText(r.title),
    content: censorText(r.content),
    createdAt: iso(r.createdAt)!,
    author,
    category: {
      id: r.categoryId,
      name: r.cName,
      description: r.cDescription,
      icon: r.cIcon,
      smallIcon: r.cSmallIcon,
      count: Number(r.cCount),
    },
    tags: more.tags,
    views: r.views,
    commentCount: r.commentCount,
    status: r.status,
    pinnedAt: iso(r.pinnedAt),
    lastReplyAt: iso(r.lastReplyAt ?? r.createdAt),
    reactions: more.reactions,
    participants: [author, ...more.participants].slice(0, MAX_PARTICIPANTS),
    subscribed: false,
    reward: r.reward,
    pointReward: r.pointReward,
    type: r.type,
    lottery: more.lottery,
    poll: more.poll,
    rssExcluded: r.rssExcluded,
    closed: r.closed,
    ...(r.closed ? { closedByStaff: setByStaff(r.closedById, r.authorId) } : {}),
    visibleScope: r.visibleScope,
    featured: !r.rssExcluded,
    slowModeSeconds: r.slowModeSeconds,
    staffEditedAt: iso(r.staffEditedAt),
    ...(r.status === "REJECTED" ? { rejectedReason: r.rejectedReason } : {}),
  };
}

/**
 * The viewer-independent part of Post objects (`subscribed` false, `poll.myVotes` empty), visible or
 * not, keyed by id. A constant number of queries whatever the number of ids: posts with author and
 * category, tags, participants, then reactions, polls and lotteries through their areas' batch loaders.
 */
async function loadSharedPosts(unique: number[]): Promise<Map<number, PostDto>> {
  const byId = new Map<number, PostDto>();
  if (!unique.length) return byId;
  await readyCensor();

  const rows = await readPostRows(unique);
  if (!rows.length) return byId;
  const vids = rows.map((r) => r.id);
  const pollIds = rows.filter((r) => r.type === "POLL").map((r) => r.id);
  const lotteryIds = rows.filter((r) => r.type === "LOTTERY").map((r) => r.id);

  const tagRows = await readTagRows(vids);
  const participantsByPost = await readParticipants(vids);
  const [reactions, polls, lotteries] = await Promise.all([
    loadPostReactions(vids),
    pollIds.length ? loadPolls(pollIds, null) : Promise.resolve(new Map()),
    lotteryIds.length ? loadLotteries(lotteryIds) : Promise.resolve(new Map()),
  ]);
  await foldBusyCounts(rows, tagRows);

  const tagsByPost = new Map<number, TagDto[]>();
  for (const t of tagRows) {
    const list = tagsByPost.get(t.postId) ?? [];
    list.push(tagDto(t));
    tagsByPost.set(t.postId, list);
  }
  for (const r of rows) {
    byId.set(
      r.id,
      sharedPostDto(r, {
        tags: tagsByPost.get(r.id) ?? [],
        reactions: reactions.get(r.id) ?? [],
        participants: participantsByPost.get(r.id) ?? [],
        lottery: lotteries.get(r.id) ?? null,
        poll: polls.get(r.id) ?? null,
      }),
    );
  }
  return byId;
}

/**
 * What a signed-in viewer adds to shared Post objects, read in one query with the content version and
 * the versions of the posts' pages.
 */
export type ViewerState = {
  version: string;
  /** The version of post `id`'s page (lib/cache/page-versions.ts), under which its Post object is cached. */
  postVersion: (id: number) => string;
  /** The ids this state was read for. */
  ids: Set<number>;
  subscribed: Set<number>;
  myVotes: Map<number, string[]>;
  /** Unread tracking: comments by others since the viewer last read the post, and "new" posts. */
  unread?: Map<number, { newComments: number; isNew: boolean }>;
  /** The viewer has published ONLY_ME posts, or belongs to a group a category's `see` names (lists differ from other members' then); read on request. */
  hasPrivate: boolean;
  /** The values of the caller's `also` columns, raw as the driver returns them. */
  also: Record<string, unknown>;
  /** The categories a non-staff reader with this id may not see (issue 57), read in the same statement. */
  hidden?: number[];
};

/**
 * One query: the content version and, for a signed-in viewer, their subscriptions and poll votes among
 * `ids`; with `privateCheck`, whether they have ONLY_ME posts (only list pages need to know). `also`
 * adds the caller's own scalar SQL values to the same statement (page-state: the header's account and
 * unread count), returned under the same names in `also`.
 */
export async function readViewerState(
  ids: number[],
  viewerId: number | null,
  opts: { privateCheck?: boolean; also?: Record<string, SQL> } = {},
): Promise<ViewerState> {
  const inIds = ids.length ? sql`in (${idList(ids)})` : sql`in (null)`;
  const perViewer =
    viewerId === null
      ? sql``
      : sql`,
      (select json_agg(s.post_id) from post_subscriptions s where s.user_id = ${viewerId} and s.post_id ${inIds}) as subs,
      (select json_agg(json_build_array(v.post_id, v.option) order by v.id) from poll_votes v where v.user_id = ${viewerId} and v.post_id ${inIds}) as votes,
      ${ids.length ? unreadStateSql(viewerId, inIds) : sql`null`} as unread${
        opts.privateCheck
          ? sql`,
      (exists (select 1 from posts p where p.author_id = ${viewerId} and p.status = 'PUBLISHED' and p.visible_scope = 'ONLY_ME')
        or ${ownAccessSql(viewerId)}) as private`
          : sql``
      }`;
  const also = Object.entries(opts.also ?? {});
  const alsoSql = sql.join(also.map(([, value], i) => sql`, ${value} as ${sql.identifier(`also_${i}`)}`));
  const [row] = await rawRows<
    { v: string; pv: unknown; subs?: unknown; votes?: unknown; unread?: unknown; private?: boolean } & Record<string, unknown>
  >(
    db,
    sql`select ${versionSql} as v, ${postVersionsSql(inIds)} as pv${perViewer}${alsoSql},
      ${hiddenCategoriesSql(viewerId === null ? null : { id: viewerId, role: "USER" })} as hidden_categories`,
  );
  const myVotes = new Map<number, string[]>();
  for (const [postId, option] of jsonValue<[number, string][]>(row?.votes, [])) {
    const list = myVotes.get(Number(postId)) ?? [];
    list.push(option);
    myVotes.set(Number(postId), list);
  }
  const unread = new Map<number, { newComments: number; isNew: boolean }>();
  for (const [postId, n, isNew] of jsonValue<[number, number, boolean][]>(row?.unread, [])) {
    unread.set(Number(postId), { newComments: Number(n), isNew: !!isNew });
  }
  const postVersions = jsonValue<Record<string, string | number> | null>(row?.pv, null);
  return {
    version: row?.v ?? "0",
    postVersion: (id) => postVersionIn(postVersions, id),
    unread,
    ids: new Set(ids),
    subscribed: new Set(jsonValue<number[]>(row?.subs, []).map(Number)),
    myVotes,
    hasPrivate: !!row?.private,
    also: Object.fromEntries(also.map(([name], i) => [name, row?.[`also_${i}`]])),
    hidden: ((row?.hidden_categories as number[] | null | undefined) ?? []).map(Number),
  };
}

/**
 * Shared Post objects by id, valid while the version of the post's page is unchanged: every committed
 * write that changes what a Post object shows stamps its post's page, or every page (the rules and
 * their coherence: lib/cache/page-versions.ts). View counts are not content: a cached Post object's
 * count lags until the next write to that post, as the post's cached page does.
 */
const postCache = versionedCache<PostDto>("posts", 5_000);

/**
 * Complete Post objects for `ids`, in that order, without the ones the viewer may not see. A constant
 * number of queries whatever the number of ids. With `cache`, shared parts rendered under the current
 * content version are reused (read paths only: a service answering its own write must not, since the
 * version is bumped after the response is built); the viewer's `subscribed` and `poll.myVotes` are
 * always read fresh. `state` may pass a ViewerState already read for these ids.
 */
export async function loadPosts(
  ids: number[],
  viewer: Viewer | null,
  opts: { cache?: boolean; state?: ViewerState } = {},
): Promise<PostDto[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const useCache = !!opts.cache && readCachesEnabled();
  const state =
    opts.state && unique.every((id) => opts.state!.ids.has(id))
      ? opts.state
      : viewer || useCache
        ? await readViewerState(unique, viewer?.id ?? null)
        : null;

  const shared = new Map<number, PostDto>();
  const missing: number[] = [];
  for (const id of unique) {
    const hit = useCache && state ? postCache.get(id, state.postVersion(id)) : undefined;
    if (hit) shared.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    for (const [id, p] of await loadSharedPosts(missing)) {
      shared.set(id, p);
      if (useCache && state) postCache.set(id, state.postVersion(id), p);
    }
  }

  // The category rule (issue 57): from the state's statement, else one query.
  const hidden = isModerator(viewer) ? null : new Set(state?.hidden ?? (await hiddenCategoryIds(viewer)));
  const out: PostDto[] = [];
  for (const id of unique) {
    const p = shared.get(id);
    if (!p || !canSeePost(viewer, { authorId: p.author.id, status: p.status, visibleScope: p.visibleScope })) continue;
    if (hidden?.has(p.category.id)) continue;
    if (!viewer || !state) {
      out.push(p);
      continue;
    }
    out.push({
      ...p,
      subscribed: state.subscribed.has(id),
      poll: p.poll && { ...p.poll, myVotes: state.myVotes.get(id) ?? [] },
      ...(state.unread ? { newComments: state.unread.get(id)?.newComments ?? 0, isNew: state.unread.get(id)?.isNew ?? false } : {}),
    });
  }
  return out;
}

/** One post, or null when it does not exist or the viewer may not see it. */
export async function loadPost(viewer: Viewer | null, { id }: { id: number }): Promise<PostDto | null> {
  const [p] = await loadPosts([id], viewer);
  return p ?? null;
}
