import "server-only";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, rawRows } from "@/db";
import { comments, posts, users } from "@/db/schema";
import { iso, userSummary } from "@/lib/services/dto";
import { visiblePostsWhere } from "@/lib/permissions";
import { readableCommentsWhere } from "@/lib/services/shared/comment-visibility";
import { levelOf } from "@/lib/services/shared/medals";
import { getProfile } from "@/lib/services/users/profiles";
import type { ProfileDetailDto, UserDetailDto, UserStatsDto } from "@/lib/validation/openisle/profiles";
import type { Viewer } from "@/lib/viewer";

/**
 * The member statistics of OpenIsle's UserDto (UserMapper.toDto): the newest post and
 * comment, views, visited days, posts read, likes given and received. Whatever the number of members,
 * one query: a lateral set of counts per member id, each read through an index that starts with the
 * member (posts_author_idx, comments_author_idx, reactions_user_created_idx, post_reads' key,
 * user_visit_days_user_idx, user_follows' key and user_follows_followee_idx) and then the reactions'
 * per-target keys.
 *
 * What OpenIsle counts everywhere, we count only where the caller may see it (docs/api.md §3): published
 * posts by their scope, comments by the comment rule (comments/visibility.ts: one hidden by flags
 * counts for its author and staff only). Likes are LIKE reactions, as in OpenIsle (ReactionRepository).
 */

type StatsRow = {
  id: number;
  last_post: Date | string | null;
  total_views: number | string | null;
  last_comment: Date | string | null;
  visited_days: number;
  read_posts: number;
  likes_sent_posts: number;
  likes_sent_comments: number;
  likes_on_posts: number;
  likes_on_comments: number;
  followers: number;
  following: number;
  subscribed: boolean;
};

// Each subquery names its own tables; these aliases give the visibility rules the same names.
const p = alias(posts, "p");
const c = alias(comments, "c");

const idArray = (ids: number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;

/** The statistics of each member, by id (members not found are absent). One query. */
export async function loadUserStats(userIds: number[], viewer: Viewer | null): Promise<Map<number, UserStatsDto>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, UserStatsDto>();
  if (!ids.length) return out;
  const seen = visiblePostsWhere(viewer, { publishedOnly: true }, p);
  const readable = readableCommentsWhere(viewer, c);
  const rows = await rawRows<StatsRow>(
    db,
    sql`select u.id,
      (select max(p.created_at) from posts p where p.author_id = u.id and ${seen}) as last_post,
      (select sum(p.views) from posts p where p.author_id = u.id and ${seen}) as total_views,
      (select max(c.created_at) from comments c join posts p on p.id = c.post_id
        where c.author_id = u.id and ${readable} and ${seen}) as last_comment,
      (select count(*)::int from user_visit_days d where d.user_id = u.id) as visited_days,
      (select count(*)::int from post_reads r join posts p on p.id = r.post_id where r.user_id = u.id and ${seen}) as read_posts,
      (select count(*)::int from reactions r join posts p on p.id = r.post_id
        where r.user_id = u.id and r.type = 'LIKE' and r.comment_id is null and ${seen}) as likes_sent_posts,
      (select count(*)::int from reactions r join comments c on c.id = r.comment_id join posts p on p.id = c.post_id
        where r.user_id = u.id and r.type = 'LIKE' and ${readable} and ${seen}) as likes_sent_comments,
      (select count(*)::int from posts p join reactions r on r.post_id = p.id and r.comment_id is null and r.type = 'LIKE'
        where p.author_id = u.id and ${seen}) as likes_on_posts,
      (select count(*)::int from comments c join reactions r on r.comment_id = c.id and r.type = 'LIKE' join posts p on p.id = c.post_id
        where c.author_id = u.id and ${readable} and ${seen}) as likes_on_comments,
      (select count(*)::int from user_follows f where f.followee_id = u.id) as followers,
      (select count(*)::int from user_follows f where f.follower_id = u.id) as following,
      exists (select 1 from user_follows f where f.follower_id = ${viewer?.id ?? 0} and f.followee_id = u.id) as subscribed
    from unnest(${idArray(ids)}) as u(id)
    where exists (select 1 from users where users.id = u.id)`,
  );
  for (const r of rows) {
    out.set(Number(r.id), {
      lastPostTime: iso(r.last_post),
      lastCommentTime: iso(r.last_comment),
      totalViews: Number(r.total_views ?? 0),
      visitedDays: Number(r.visited_days),
      readPosts: Number(r.read_posts),
      likesSent: Number(r.likes_sent_posts) + Number(r.likes_sent_comments),
      likesReceived: Number(r.likes_on_posts) + Number(r.likes_on_comments),
      followers: Number(r.followers),
      following: Number(r.following),
      subscribed: r.subscribed === true,
    });
  }
  return out;
}

const NO_STATS: UserStatsDto = {
  lastPostTime: null,
  lastCommentTime: null,
  totalViews: 0,
  visitedDays: 0,
  readPosts: 0,
  likesSent: 0,
  likesReceived: 0,
  followers: 0,
  following: 0,
  subscribed: false,
};

/** GET /api/users/{idOrUsername}: the public profile (profiles.ts) with the statistics. */
export async function getProfileDetail(viewer: Viewer | null, { idOrUsername }: { idOrUsername: string }): Promise<ProfileDetailDto> {
  const profile = await getProfile(viewer, { idOrUsername });
  const stats = (await loadUserStats([profile.id], viewer)).get(profile.id) ?? NO_STATS;
  return { ...profile, ...stats };
}

/** At most this many administrators are listed (OpenIsle lists all; a forum has a handful). */
const ADMINS_MAX = 100;

/** GET /api/users/admins: the administrators with their statistics, oldest account first. Two queries. */
export async function listAdmins(viewer: Viewer | null): Promise<UserDetailDto[]> {
  const rows = await db.select().from(users).where(eq(users.role, "ADMIN")).orderBy(asc(users.id)).limit(ADMINS_MAX);
  const stats = await loadUserStats(
    rows.map((u) => u.id),
    viewer,
  );
  return rows.map((u) => ({
    ...userSummary(u),
    role: u.role,
    introduction: u.introduction,
    point: u.point,
    experience: u.experience,
    ...levelOf(u.experience),
    createdAt: iso(u.createdAt)!,
    ...(stats.get(u.id) ?? NO_STATS),
  }));
}
