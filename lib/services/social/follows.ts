import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { notifications, userFollows, users } from "@/db/schema";
import { badRequest, forbidden, notFound, msg } from "@/lib/errors";
import { iso, userSummary } from "@/lib/services/dto";
import { levelOf } from "@/lib/services/shared/medals";
import { notify } from "@/lib/services/shared/notification-writer";
import { findUser } from "@/lib/services/users/profiles";
import { loadUserStats } from "@/lib/services/users/profile-stats";
import { hasBlocked } from "@/lib/services/shared/relations";
import type { UserDetailDto } from "@/lib/validation/openisle/profiles";
import type { FollowStateDto, FollowListQuery } from "@/lib/validation/social";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { followChanged } from "@/lib/changes/written";

/**
 * Following members (OpenIsle's SubscriptionController /users/{username} and UserController
 * followers/following). Following is public, as in OpenIsle: anyone may list a member's followers.
 */

type UserRow = typeof users.$inferSelect;

async function requireUser(identifier: string): Promise<UserRow> {
  const u = await findUser(identifier);
  if (!u) throw notFound(msg("userNotFound"));
  return u;
}

/**
 * POST /api/subscriptions/users/{username}: the viewer follows the member (by username or id);
 * idempotent. The member hears of a new follower once (USER_FOLLOWED, replacing an unread notice about
 * the same follower, so following and unfollowing in turn does not fill their list). Following oneself
 * is a 400 (OpenIsle ignores it silently); following across a block, either way, a 403.
 */
export async function followUser(viewer: Viewer, { identifier }: { identifier: string }): Promise<FollowStateDto> {
  const target = await requireUser(identifier);
  if (target.id === viewer.id) throw badRequest(msg("cannotFollowSelf"), "username");
  if (await hasBlocked(viewer.id, target.id)) throw forbidden(msg("unblockBeforeFollowing"));
  if (await hasBlocked(target.id, viewer.id)) throw forbidden(msg("cannotFollowMember"));
  await afterCommit(
    db.transaction(async (tx) => {
      const added = await tx
        .insert(userFollows)
        .values({ followerId: viewer.id, followeeId: target.id })
        .onConflictDoNothing()
        .returning({ id: userFollows.followeeId });
      if (added.length) await replaceFollowNotice(tx, viewer.id, target.id, "USER_FOLLOWED");
    }),
    followChanged(viewer.id, target.id),
  );
  return followState(viewer.id, target.id);
}

/** DELETE /api/subscriptions/users/{username}: stops following; idempotent. USER_UNFOLLOWED as in OpenIsle. */
export async function unfollowUser(viewer: Viewer, { identifier }: { identifier: string }): Promise<FollowStateDto> {
  const target = await requireUser(identifier);
  if (target.id === viewer.id) throw badRequest(msg("cannotFollowSelf"), "username");
  await afterCommit(
    db.transaction(async (tx) => {
      const removed = await tx
        .delete(userFollows)
        .where(and(eq(userFollows.followerId, viewer.id), eq(userFollows.followeeId, target.id)))
        .returning({ id: userFollows.followeeId });
      if (removed.length) await replaceFollowNotice(tx, viewer.id, target.id, "USER_UNFOLLOWED");
    }),
    followChanged(viewer.id, target.id),
  );
  return followState(viewer.id, target.id);
}

/** One unread follow notice per pair: the newest change of heart replaces the one not yet read. */
async function replaceFollowNotice(tx: DbOrTx, followerId: number, followeeId: number, type: "USER_FOLLOWED" | "USER_UNFOLLOWED") {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, followeeId),
        eq(notifications.fromUserId, followerId),
        eq(notifications.read, false),
        inArray(notifications.type, ["USER_FOLLOWED", "USER_UNFOLLOWED"]),
      ),
    );
  await notify(tx, { userId: followeeId, type, fromUserId: followerId });
}

/** The answer of a follow or unfollow: the state and the member's follower count. One query. */
async function followState(followerId: number, followeeId: number): Promise<FollowStateDto> {
  const [row] = await db
    .select({
      subscribed: sql<boolean>`exists (select 1 from user_follows f where f.follower_id = ${followerId} and f.followee_id = ${followeeId})`,
      followers: sql<number>`(select count(*)::int from user_follows f where f.followee_id = ${followeeId})`,
    })
    .from(sql`(select 1) as one`);
  return { subscribed: row?.subscribed === true, followers: Number(row?.followers ?? 0) };
}

/**
 * GET /api/users/{identifier}/followers and /following: members in OpenIsle's UserDto shape (no email),
 * newest follow first, a page at a time (OpenIsle answers the whole list; `page`/`pageSize` bound ours).
 * Two queries whatever the page size: the page of members (user_follows_followee_idx or
 * user_follows_follower_created_idx), then their statistics and the caller's follows in one.
 */
export async function listFollows(
  viewer: Viewer | null,
  a: { identifier: string; direction: "followers" | "following"; query: FollowListQuery },
): Promise<UserDetailDto[]> {
  const u = await requireUser(a.identifier);
  const followers = a.direction === "followers";
  const rows = await db
    .select({ user: users })
    .from(userFollows)
    .innerJoin(users, eq(users.id, followers ? userFollows.followerId : userFollows.followeeId))
    .where(followers ? eq(userFollows.followeeId, u.id) : eq(userFollows.followerId, u.id))
    .orderBy(desc(userFollows.createdAt), desc(users.id))
    .limit(a.query.pageSize)
    .offset(a.query.page * a.query.pageSize);
  const stats = await loadUserStats(
    rows.map((r) => r.user.id),
    viewer,
  );
  return rows.flatMap(({ user }) => {
    const s = stats.get(user.id);
    if (!s) return [];
    return [
      {
        ...userSummary(user),
        role: user.role,
        introduction: user.introduction,
        point: user.point,
        experience: user.experience,
        ...levelOf(user.experience),
        createdAt: iso(user.createdAt)!,
        ...s,
      },
    ];
  });
}

/** Follower and following counts of one member (the profile page). One query. */
export async function followCounts(userId: number): Promise<{ followers: number; following: number }> {
  const [row] = await db
    .select({
      followers: sql<number>`(select count(*)::int from user_follows f where f.followee_id = ${userId})`,
      following: sql<number>`(select count(*)::int from user_follows f where f.follower_id = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}
